/** First focusable element: jumps keyboard users past the navigation. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
