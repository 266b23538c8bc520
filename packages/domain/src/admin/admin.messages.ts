// Texts the admin calls (users, roles, assets, company settings) answer with and their screens show.
export const ADMIN_MESSAGES = {
  user: {
    fullNameRequired: 'Full Name is required.',
    roleRequired: 'Role is required.',
    roleNotFound: 'Role not found.',
    assetNotFound: 'Asset not found.',
    notFound: 'User not found',
    emailTaken: 'A user with this email already exists.',
    /** Only a holder of SUPER_ACCESS may hand it (or the SUPER_ADMIN role) on. */
    superRoleNotHeld: 'Only a super admin can give the Super Admin role or a role with SUPER_ACCESS.',
    notYourself: 'You cannot disable your own account.',
    invite: 'Invite user',
    invited: 'Invitation created',
    inviteLinkIntro: (email: string, expires: string) =>
      `Send this link to ${email}. It works once, until ${expires}, and lets them choose their password.`,
    resetLinkIntro: (email: string, expires: string) =>
      `Send this link to ${email}. It works once, until ${expires}, and lets them choose a new password. Their current sessions have ended.`,
    resetPassword: 'Reset password',
    resetConfirm: (name: string) => `Reset the password of ${name}? Their sessions end now and they choose a new password with the link.`,
    enable: 'Enable',
    disable: 'Disable',
    disableConfirm: (name: string) => `Disable ${name}? They are signed out at once and cannot sign in until enabled.`,
    enabledDone: 'User has been enabled',
    disabledDone: 'User has been disabled',
    updatedDone: 'User has been updated successfully',
    never: 'Never',
  },
  invite: {
    invalid: 'The invitation link is invalid or has expired.',
    title: 'Accept your invitation',
    intro: 'Choose a password to finish setting up your account.',
    submit: 'Set password and sign in',
  },
  asset: {
    nameRequired: 'Name is required.',
    timezoneInvalid: 'Timezone must be a valid IANA time zone.',
    currencyInvalid: 'Currency must be a valid ISO 4217 code (AED, USD...).',
    notFound: 'Asset not found',
    lastAsset: 'The company needs at least one enabled asset.',
    enable: 'Enable',
    disable: 'Disable',
    disableConfirm: (name: string) => `Disable ${name}? It leaves every user's asset list at once; its records stay.`,
    enabledDone: 'Asset has been enabled',
    disabledDone: 'Asset has been disabled',
  },
  role: {
    nameRequired: 'Name is required.',
    notFound: 'Role not found',
    superAdminLocked: 'The Super Admin role cannot be changed or removed.',
    inUse: (count: number) => `This role is given to ${count} user(s). Give them another role first.`,
    codeTaken: 'A role with this name already exists.',
    permissionInvalid: 'Unknown permission.',
    /** The company must keep at least one enabled SUPER_ADMIN who can sign in. */
    lastSuperAdmin: 'This change would leave the company without any enabled Super Admin.',
  },
} as const;
