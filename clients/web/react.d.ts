// TypeScript declarations of react.js, the React 18 component <FeedDate>: UMD,
// `require("feeddate/web/react")` in Node, the global FeedDateReact in a browser.
// Minimal React types of its own (no @types/react needed; Debian has none without
// node-react): Element has the shape of React's ReactElement, so the component is
// a function component to React's JSX types when the project has them.
import FeedDateClient = require("./feed-date.js");

declare namespace FeedDateReact {
  /** What a function component returns: the shape of React's ReactElement. */
  interface Element {
    type: any;
    props: any;
    key: string | number | null;
  }
  /** What React renders: an element, text, nothing, or a list of those (React's ReactNode). */
  type Node = Element | string | number | boolean | null | undefined | readonly Node[];

  interface Props {
    /** The wire object or its JSON text (what every binding's schedule gives, e.g. Node's `.json`). */
    schedule: FeedDateClient.Schedule;
    /** The class of the rendered <feed-date> element. */
    className?: string;
    /** Rendered instead when the schedule is malformed (default: nothing). */
    fallback?: Node;
    /** Told of a malformed schedule (else console.error); nothing is thrown out of the component. */
    onError?: (error: unknown) => void;
  }

  /**
   * Renders <feed-date class=className dir="auto">text</feed-date> with the schedule's entry at its
   * now (the server's render and the first client render agree), then follows the client's time
   * through FeedDate.attach and the page's one timer.
   */
  function FeedDate(props: Props): Element | null;
}

export = FeedDateReact;
export as namespace FeedDateReact;
