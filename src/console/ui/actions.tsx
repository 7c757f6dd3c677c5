/**
 * The console's calls that change something: sent through TanStack Query's mutation, and on success the
 * queries they change (by key prefix) read again. The forms (SchemaForm) and the row buttons
 * (ActionButton) both go through here.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ConsoleCallError } from '../api';
import { useCt } from '../i18n';

/** Query key prefixes to read again after a change. */
export type Refresh = readonly QueryKey[];

export function useConsoleMutation<Input, Result>(send: (input: Input) => Promise<Result>, refresh: Refresh = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(input),
    onSettled: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function ErrorNote({ error }: { error: Error | null }) {
  const t = useCt();
  if (!error) return null;
  const code = error instanceof ConsoleCallError ? error.code : 'R500';
  return <p className="call-error" role="alert" data-testid="call-error" data-code={code}>{t('console.error.refused', { code, message: error.message })}</p>;
}

/** What a sent call answered: done, or (202 OP010) waiting for a second operator's approval. */
export function ResultNote({ result }: { result: unknown }) {
  const t = useCt();
  const approval = (result as { resultCode?: string; approval?: { id: number } } | null)?.resultCode === 'OP010'
    ? (result as { approval: { id: number } }).approval : null;
  return approval
    ? <span className="done waiting" role="status" data-testid="four-eyes-waiting">{t('console.approvals.waiting', { id: approval.id })}</span>
    : <span className="done" role="status">{t('console.form.saved')}</span>;
}

export interface ActionButtonProps {
  label: string;
  send: () => Promise<unknown>;
  refresh?: Refresh;
  /** Asked before sending (window.confirm). */
  confirm?: string;
  tone?: 'primary' | 'danger' | 'plain';
  testId?: string;
}

/** A button that sends one call (approve, reject, kick...) and shows its refusal next to itself. */
export function ActionButton({ label, send, refresh, confirm, tone = 'plain', testId }: ActionButtonProps) {
  const mutation = useConsoleMutation(send, refresh);
  return (
    <span className="action">
      <button
        type="button"
        className={tone}
        data-testid={testId}
        disabled={mutation.isPending}
        onClick={() => {
          if (confirm === undefined || window.confirm(confirm)) mutation.mutate(undefined);
        }}
      >
        {label}
      </button>
      <ErrorNote error={mutation.error} />
      {mutation.isSuccess && <ResultNote result={mutation.data} />}
    </span>
  );
}
