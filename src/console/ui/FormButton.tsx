/** A button that opens a SchemaForm in a dialog (a rejection's reason, an answer, a coupon): closed once sent. */
import { useState } from 'react';
import type { z } from 'zod';
import { useCt } from '../i18n';
import { SchemaForm, type SchemaFormProps } from './SchemaForm';

export function FormButton<S extends z.ZodType>({ label, title, tone = 'plain', testId, ...form }: SchemaFormProps<S> & {
  label: string;
  title: string;
  tone?: 'primary' | 'danger' | 'plain';
  testId?: string;
}) {
  const t = useCt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={tone} data-testid={testId} onClick={() => setOpen(true)}>{label}</button>
      {open && (
        <div className="dialog-backdrop">
          <div className="dialog" role="dialog" aria-modal="true" aria-label={title}>
            <h2>{title}</h2>
            <SchemaForm {...form} onDone={(result) => { setOpen(false); form.onDone?.(result); }} />
            <button type="button" className="close" onClick={() => setOpen(false)}>{t('console.common.close')}</button>
          </div>
        </div>
      )}
    </>
  );
}
