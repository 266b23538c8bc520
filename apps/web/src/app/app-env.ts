import { APP } from '@crm/domain';

/**
 * The environment this build belongs to. Set VITE_APP_ENV at build time, or build with
 * `vite build --mode staging`; the staging banner reads it.
 */
export const APP_ENV: string = import.meta.env.VITE_APP_ENV || import.meta.env.MODE;

export function isStagingEnvironment(environment: string): boolean {
  return environment.toLowerCase() === APP.ENVIRONMENT;
}
