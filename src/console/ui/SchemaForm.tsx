/**
 * The console's one form: fields described in a list, the value checked with the contract/ schema the
 * operator API checks it with (the same zod schema, so the console never sends what the server would
 * refuse with R003), then sent, the lists it changes read again, and a refusal shown with its code.
 */
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useCt } from '../i18n';
import { ErrorNote, ResultNote, useConsoleMutation, type Refresh } from './actions';

/** `tristate`: unchanged (left out), yes or no, for the partial updates that name only what changes. */
export type FieldKind = 'text' | 'password' | 'number' | 'textarea' | 'checkbox' | 'tristate' | 'select' | 'datetime';

export interface FieldSpec {
  name: string;
  label: string;
  kind?: FieldKind;
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  /** Left out of the value when empty (the partial updates of contract/admin.ts's changeOf). */
  optional?: boolean;
}

type Raw = string | boolean;

function toValue(field: FieldSpec, raw: Raw | undefined): unknown {
  const kind = field.kind ?? 'text';
  if (kind === 'checkbox') return raw === true;
  const text = typeof raw === 'string' ? raw : '';
  if (kind === 'tristate') return text === '' ? undefined : text === 'true';
  if (text === '' && field.optional) return undefined;
  if (kind === 'number') return text.trim() === '' ? undefined : Number(text);
  if (kind === 'datetime') return text === '' ? null : new Date(text).toISOString();
  return text;
}

/** An ISO instant as the value of a datetime-local input (the browser's own time zone). */
export function datetimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export interface SchemaFormProps<S extends z.ZodType> {
  name: string;
  schema: S;
  fields: readonly FieldSpec[];
  initial?: Record<string, Raw>;
  /** Parts of the value that are not fields (the message's target and member). */
  fixed?: Record<string, unknown>;
  submitLabel: string;
  send: (value: z.output<S>) => Promise<unknown>;
  refresh?: Refresh;
  /** After a successful send (e.g. close a dialog, show what came back). */
  onDone?: (result: unknown) => void;
  /** Cleared after a successful send (one-off forms: a message, a coupon). */
  resetOnDone?: boolean;
  children?: ReactNode;
}

export function SchemaForm<S extends z.ZodType>({ name, schema, fields, initial = {}, fixed = {}, submitLabel, send, refresh, onDone, resetOnDone = false, children }: SchemaFormProps<S>) {
  const t = useCt();
  const [raw, setRaw] = useState<Record<string, Raw>>(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const mutation = useConsoleMutation(send, refresh);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = { ...fixed, ...Object.fromEntries(fields.map((field) => [field.name, toValue(field, raw[field.name])]).filter(([, v]) => v !== undefined)) };
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    setIssues({});
    mutation.mutate(parsed.data, {
      onSuccess: (result) => {
        if (resetOnDone) setRaw(initial);
        onDone?.(result);
      },
    });
  };
  const formIssue = issues[''];
  const tristate = [{ value: '', label: t('console.form.unchanged') }, { value: 'true', label: t('console.form.yes') }, { value: 'false', label: t('console.form.no') }];
  return (
    <form className="schema-form" data-testid={`form-${name}`} onSubmit={submit} noValidate>
      {fields.map((field) => {
        const id = `${name}-${field.name}`;
        const kind = field.kind ?? 'text';
        const value = raw[field.name];
        const set = (next: Raw) => setRaw((current) => ({ ...current, [field.name]: next }));
        const common = { id, name: field.name, 'aria-invalid': issues[field.name] ? true : undefined, autoComplete: field.autoComplete };
        return (
          <div key={field.name} className={`field field-${kind}`}>
            <label htmlFor={id}>{field.label}</label>
            {kind === 'checkbox' ? <input {...common} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
              : kind === 'textarea' ? <textarea {...common} rows={4} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} />
                : kind === 'select' || kind === 'tristate' ? (
                  <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)}>
                    {(kind === 'tristate' ? tristate : field.options ?? []).map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
                  </select>
                ) : (
                  <input
                    {...common}
                    type={kind === 'datetime' ? 'datetime-local' : kind === 'number' ? 'text' : kind}
                    inputMode={kind === 'number' ? 'numeric' : undefined}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(e) => set(e.target.value)}
                  />
                )}
            {issues[field.name] && <p className="issue" role="alert">{t('console.form.invalid', { message: issues[field.name] })}</p>}
          </div>
        );
      })}
      {children}
      {formIssue && <p className="issue" role="alert">{t('console.form.invalid', { message: formIssue })}</p>}
      <ErrorNote error={mutation.error} />
      <button type="submit" className="primary" disabled={mutation.isPending}>{submitLabel}</button>
      {mutation.isSuccess && <ResultNote result={mutation.data} />}
    </form>
  );
}
