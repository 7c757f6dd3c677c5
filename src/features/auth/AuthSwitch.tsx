import { Button } from '../../ui/Button';

/** "Not a member yet? Sign up" under a form. */
export function AuthSwitch({ question, action, onClick }: { question: string; action: string; onClick(): void }) {
  return (
    <p className="auth-switch">
      <span>{question}</span>
      <Button variant="link" onClick={onClick}>
        {action}
      </Button>
    </p>
  );
}
