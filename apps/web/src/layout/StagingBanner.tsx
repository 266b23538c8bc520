import { MESSAGES } from '@crm/domain';
import { APP_ENV, isStagingEnvironment } from '../app/app-env';

/** A strip above everything on staging builds, so nobody mistakes it for production. */
export function StagingBanner() {
  if (!isStagingEnvironment(APP_ENV)) return null;
  return (
    <div
      role="status"
      style={{
        background: '#fa8c16',
        color: '#fff',
        textAlign: 'center',
        fontWeight: 600,
        fontSize: 13,
        lineHeight: '24px',
        letterSpacing: 0.3,
      }}
    >
      {MESSAGES.app.stagingBanner}
    </div>
  );
}
