/**
 * A form whose call has a read: the read's answer fills the form's first values (numbers as text, switches
 * as booleans), the change goes through SchemaForm with the contract's schema, and the read is done again.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { SchemaForm, type FieldSpec } from './SchemaForm';

type Values = Record<string, string | boolean>;

/** A read's answer as form values (numbers as text, switches as booleans). */
export function asValues(data: Record<string, unknown> | undefined, fields: readonly FieldSpec[]): Values {
  return Object.fromEntries(fields.map((field) => {
    const value = data?.[field.name];
    return [field.name, typeof value === 'boolean' ? value : value == null ? '' : String(value)];
  }));
}

export function ReadForm<Answer>({ name, read, dataOf, fields, schema, write, title, initialOf }: {
  name: string;
  read: string;
  dataOf: (answer: Answer) => Record<string, unknown>;
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  write: (body: unknown) => Promise<unknown>;
  title: string;
  /** The form's first values when they are not the answer's fields one to one (the wheel's prizes). */
  initialOf?: (data: Record<string, unknown>) => Values;
}) {
  const t = useCt();
  const answer = useQuery({ queryKey: ['settings', name], queryFn: () => consoleCall<Answer>('GET', read) });
  const data = answer.data === undefined ? undefined : dataOf(answer.data);
  return (
    <section>
      <h2>{title}</h2>
      {answer.error ? <p className="call-error" role="alert">{answer.error.message}</p> : data === undefined ? <p>{t('console.table.loading')}</p> : (
        <SchemaForm name={name} schema={schema} fields={fields} initial={initialOf ? initialOf(data) : asValues(data, fields)}
          submitLabel={t('console.common.save')} send={write} refresh={[['settings', name]]} />
      )}
    </section>
  );
}
