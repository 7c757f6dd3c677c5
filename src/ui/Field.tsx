import type { ReactNode } from 'react';

export interface FieldProps {
  /** id of the control inside, so the label points at it. */
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the field the last check failed on. */
  invalid?: boolean;
  children: ReactNode;
}

/** A labelled form row: label, the control (input or select) and an optional hint under it. */
export function Field({ htmlFor, label, hint, invalid = false, children }: FieldProps) {
  return (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}
