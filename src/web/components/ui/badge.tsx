import type { ReactNode } from 'react';
import { cn } from './cn.ts';

const TONES = {
  gray: 'bg-gray-100 text-gray-800',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  brand: 'bg-brand-100 text-brand-800',
} as const;

export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
