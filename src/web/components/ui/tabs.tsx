import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

/** Keyboard-navigable tabs (arrow keys), each panel labelled by its tab. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
}: {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (v: string) => void;
  label: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-1 border-b border-gray-200">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="pt-6 focus-visible:outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
