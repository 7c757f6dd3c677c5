import { useT } from '../i18n';
import { Modal } from './Modal';

/** Blocks the page (above any open dialog) while something the member waits for is in progress. */
export function LoadingOverlay({ label }: { label?: string }) {
  const t = useT();
  return (
    <Modal className="overlay" testId="loading-overlay">
      <div className="overlay__content" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>{label ?? t('front.loading')}</span>
      </div>
    </Modal>
  );
}
