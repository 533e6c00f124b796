import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  /** Top-right corner action (the log-in page's close button). */
  corner?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
};

/** The centered card every account screen uses; its title is the page's one h1. */
export function AuthCard({ title, description, corner, icon, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <section className="relative rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        {corner && <div className="absolute top-3 right-3">{corner}</div>}
        {icon && <div className="mb-4 flex justify-center text-brand-700">{icon}</div>}
        <h1
          className={
            icon ? 'text-center text-2xl font-bold text-gray-900' : 'text-2xl font-bold text-gray-900'
          }
        >
          {title}
        </h1>
        {description && (
          <div className={icon ? 'mt-2 text-center text-sm text-gray-700' : 'mt-2 text-sm text-gray-700'}>
            {description}
          </div>
        )}
        {children && <div className="mt-6">{children}</div>}
      </section>
    </div>
  );
}
