import './posts.css';

/** Written text (a post, an answer, a message) as text: line breaks kept, never markup. */
export function PostText({ text, testId }: { text: string; testId?: string }) {
  return <div className="post-text" data-testid={testId}>{text}</div>;
}
