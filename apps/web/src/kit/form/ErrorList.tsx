import { Alert } from 'antd';

/** docs/product.md 'Errors in the browser': validation errors are rendered as a bulleted list. */
export function ErrorList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  const [only] = messages;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        messages.length === 1 ? (
          only
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {messages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
