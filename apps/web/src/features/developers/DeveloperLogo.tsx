import { MESSAGES } from '@crm/domain';
import { Avatar } from 'antd';

/** A developer's logo (the stored image's address), or their initial, read as 'No logo', when they have none. */
export function DeveloperLogo({ url, name, size }: { url: string | null | undefined; name: string; size: number }) {
  if (url) return <Avatar shape="square" size={size} src={url} alt={MESSAGES.developer.logoAlt(name)} />;
  return (
    <span role="img" aria-label={MESSAGES.developer.noLogo}>
      <Avatar shape="square" size={size} aria-hidden>
        {name.slice(0, 1).toUpperCase() || '?'}
      </Avatar>
    </span>
  );
}
