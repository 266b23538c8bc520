// Texts the auth, profile and asset calls answer with. Form messages shared with the browser's own forms
// (email, password) come from MESSAGES.auth so both sides say the same words.
export const AUTH_MESSAGES = {
  /** One message for an unknown email and a wrong password: no account enumeration. */
  invalidCredentials: 'Invalid email or password.',
  accountDisabled: 'Your account is disabled. Please contact your system admin.',
  /** Answered whether or not the email belongs to an account. */
  forgotPasswordSent: 'If an account exists for this email, a link to reset the password has been sent.',
  invalidResetToken: 'The reset link is invalid or has expired.',
  resetTokenValid: 'The reset link is valid.',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  confirmPasswordRequired: 'Confirm Password is required.',
  currentPasswordRequired: 'Current Password is required.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  samePassword: 'The new password must be different from the current password.',
  passwordMaxLength: (max: number) => `Password must be at most ${max} characters.`,
  emailTaken: 'An account with this email already exists.',
  /** Register's one answer, whether or not the email already has an account (no account enumeration). */
  registerCheckEmail: 'Thank you for signing up. Please check your email to continue.',
  fullNameRequired: 'Full Name is required.',
  companyNameRequired: 'Company Name is required.',
  assetNameRequired: 'Asset Name is required.',
  nameTooLong: (max: number) => `Must be at most ${max} characters.`,
  assetRequired: 'Asset is required.',
  assetInvalid: 'Asset is invalid.',
  assetForbidden: 'You do not have access to this asset.',
  avatarNotFound: 'The avatar file does not exist.',
  intercomOwnOnly: 'The Intercom hash is only available for your own user.',
  loggedOut: 'Logout successfully',
  /** A refresh token that is unknown, spent, revoked or expired: sign in again. */
  invalidRefreshToken: 'Your session has ended. Please log in again.',
  tooManyRequests: 'Too many requests, please try again later.',
} as const;
