/** A shell command or snippet. Long lines wrap instead of scrolling, so narrow screens need no sideways scroll. */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre className="my-3 rounded-box bg-neutral p-4 text-sm whitespace-pre-wrap text-neutral-content [overflow-wrap:anywhere]">
      <code>{code}</code>
    </pre>
  );
}

/** Inline code in running text. */
export function Code({ children }: { children: string }) {
  return (
    <code className="rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em] [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}
