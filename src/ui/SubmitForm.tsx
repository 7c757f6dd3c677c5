import type { ReactNode } from 'react';

/** A form the page checks itself (no browser validation): submit, by button or Enter, calls `onSubmit` without reloading. */
export function SubmitForm({ className, testId, onSubmit, children }: {
  className: string;
  testId?: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      data-testid={testId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
