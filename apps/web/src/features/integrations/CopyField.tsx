import { App, Button, Input, Space } from 'antd';

// An address to copy into a provider's console (a webhook, a feed): a read-only input named by its label, and a
// button that copies it. The browser may refuse the clipboard: then the address is there to select.

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The button's text, e.g. 'Copy webhook URL'; its accessible name adds `of` what it belongs to when given. */
  buttonText: string;
  of?: string;
  copiedMessage: string;
}

export function CopyField({ id, label, value, buttonText, of, copiedMessage }: CopyFieldProps) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(copiedMessage);
    } catch {
      void message.error('The browser did not allow copying: select the address and copy it');
    }
  };
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} readOnly value={value} />
        <Button onClick={() => void copy()} {...(of ? { 'aria-label': `${buttonText} of ${of}` } : {})}>
          {buttonText}
        </Button>
      </Space.Compact>
    </div>
  );
}
