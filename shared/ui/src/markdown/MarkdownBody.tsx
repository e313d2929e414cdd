import ReactMarkdown from 'react-markdown';

const external = (href: string | undefined) => !!href && /^https?:\/\//i.test(href);

/** react-markdown without HTML: tags in the text are dropped, unsafe link schemes are removed by its default. */
export default function MarkdownBody({ children }: { children: string }) {
  return (
    <ReactMarkdown
      skipHtml
      components={{
        a: ({ href, children: label }) =>
          external(href) ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          ) : (
            <a href={href}>{label}</a>
          ),
      }}
    >
      {children}
    </ReactMarkdown>
  );
}
