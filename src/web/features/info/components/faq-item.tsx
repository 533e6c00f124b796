import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '#web/components/ui/cn.ts';

/** One collapsible question: a button with aria-expanded controlling its answer panel. */
export function FaqItem({ question, children }: { question: string; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <div className="border-b border-gray-200">
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left font-medium text-gray-900 hover:text-brand-700"
        >
          <span>{question}</span>
          <ChevronDown
            className={cn('h-5 w-5 shrink-0 text-gray-700 transition-transform', isOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!isOpen}
        className="pb-4 text-gray-700"
      >
        {children}
      </div>
    </div>
  );
}
