import { PHONE_BLOCKED_KEYS } from '@crm/domain';
import type { KeyboardEvent } from 'react';

const BLOCKED: ReadonlySet<string> = new Set(PHONE_BLOCKED_KEYS);

/** Phone and number inputs refuse e, minus, plus and dot. */
export function blockNumberKeys(event: KeyboardEvent<HTMLElement>): void {
  if (BLOCKED.has(event.key)) event.preventDefault();
}
