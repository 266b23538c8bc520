// docs/product.md 'Messages': every text the browser shows and the server answers with, word for word.
// Texts with a {placeholder} are small functions so callers cannot forget to fill them.

/** 'lead' -> 'Lead': the success/failure toasts capitalise the resource label. */
export function capitalizeLabel(label: string): string {
  return label.length ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

export const MESSAGES = {
  common: {
    somethingWentWrong: 'Something went wrong',
    error: 'Error',
    dataEmpty: 'Data is empty',
    notAvailable: 'N/A',
    yes: 'Yes',
    no: 'No',
    system: 'System',
    fieldOnlyWhitespace: 'Field should not contain only whitespaces.',
    /** Dropdown filters show one tag, then this. */
    andMore: (count: number) => `and ${count} more`,
    emptyList: (label: string) => `No ${label} found`,
    emptyListHint: 'Try changing the filter or add a new one.',
    tooManyRows: (max: number) => `More than ${max} rows match: ask for them page by page (page and limit) or export them.`,
  },
  http: {
    /** Status 0: the request never got an answer. */
    interrupted: 'The request is being interrupted. It may be due to Server Down or Internet Disconnected',
    unknownErrorCode: 'UNKNOWN_ERROR',
  },
  pages: {
    forbidden: 'Sorry, you do not have permission to access this page. Please contact with your system admin.',
    notFound: 'Sorry, the page you requested was not found.',
    backToHome: 'Back To Home',
    createLeadTitle: 'Create Lead',
    updateLeadTitle: 'Update Lead',
  },
  guard: {
    notLoggedIn: 'You have no permission to access this page',
    noPermission: 'You do not have permission to access this page. Please contact with your system admin.',
  },
  app: {
    stagingBanner: 'Engage CMS Staging',
    loggingOut: 'Logging Out...',
    logoutSuccess: 'Logout successfully',
    offline: 'Please check you internet connection and try again',
    switchAsset: (name: string) => `Switch Asset To ${name}...`,
  },
  delete: {
    confirm: (label: string) => `Are you sure you want to delete this ${label}?`,
    irreversible: 'This action cannot be undone.',
    success: (label: string) => `${capitalizeLabel(label)} has been deleted successfully`,
    failure: (label: string) => `An error occurred while deleting the ${capitalizeLabel(label)}`,
  },
  /** Any resource's form and answers: '{Label} is required.', 'Developer has been added successfully'. */
  record: {
    required: (label: string) => `${label} is required.`,
    invalidUrl: (label: string) => `${label} must be a web address (https://...).`,
    added: (label: string) => `${capitalizeLabel(label)} has been added successfully`,
    updated: (label: string) => `${capitalizeLabel(label)} has been updated successfully`,
    notFound: (label: string) => `${capitalizeLabel(label)} not found`,
    orderSaved: 'The new order has been saved',
  },
  faq: {
    orderDuplicate: 'Each question may appear once in the new order.',
  },
  upload: {
    imageTypes: 'You can only upload JPG,SVG,PNG,WEBP file!',
    customTypes: (extensions: string) => `You can only upload ${extensions} file!`,
    imageSize: 'Image can be upto 10MB!',
    documentTypes: 'You can only upload PDF,DOCX and JSON file!',
    documentSize: 'Document can be upto 10MB!',
    pickerTitle: 'Storage',
    selectFromStorage: 'Select From Storage',
    uploadNewFile: 'Upload New File',
  },
  auth: {
    emailRequired: 'Email is required.',
    emailInvalid: 'Invalid Email.',
    passwordRequired: 'Password is required.',
    passwordMinLength: (min: number) => `Password must be at least ${min} characters.`,
  },
  customer: {
    drawerTitle: 'Add New Customer',
    added: 'Customer has been added successfully',
    updated: 'Customer has been updated successfully',
    firstNameRequired: 'First Name is required.',
    firstNamePattern: 'The First Name may only contain letters, dashes and underscores.',
    firstNameWhitespace: 'The First Name should not contain only whitespaces.',
    lastNameRequired: 'Last Name is required.',
    lastNamePattern: 'The Last Name may only contain letters, dashes and underscores.',
    lastNameWhitespace: 'The Last Name should not contain only whitespaces.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Invalid Email.',
    phoneCodeRequired: 'The Phone Code is required.',
    phoneRequired: 'The Phone Number is required.',
    phoneInvalid: 'The Phone Number is invalid.',
    typeRequired: 'Type is required.',
    typeInvalid: 'Type must be one of Client, External Agent, Spam.',
  },
  lead: {
    created: 'Lead has been created successfully',
    accepted: 'Lead has been accepted successfully',
    claimed: 'Lead has been claimed successfully',
    claimedByAnother: 'Another agent claimed this lead first.',
    updated: 'Lead has been updated successfully',
    notFound: 'Lead does not exists',
    childUpdate: 'Cannot update a child lead.',
    agentNotFound: 'Agent does not found automatically. Please select it manually',
    managerNotFound: 'Manager does not found automatically. Please select it manually',
    mergedWithParent: (parentLeadId: string) => `This lead will be merged with the parent lead ${parentLeadId}.`,
    notSentToPool: 'This lead will not be sent to the lead pool because it will be merged with its parent lead.',
    customerRequired: 'Customer is required.',
    contactTypeRequired: 'Contact Type is required.',
    sourceRequired: 'Source is required.',
    referredByRequired: 'Referred By is required.',
    contactMethodRequired: 'Contact Method is required.',
    actionRequired: 'Action is required.',
    typeRequired: 'Type is required.',
    agentRequired: 'Agent is required.',
    listingRequired: 'Listing is required.',
    projectRequired: 'Project is required.',
    countryRequired: 'Country is required.',
    cityRequired: 'City is required.',
    locationRequired: 'Location is required.',
    propertyTypeRequired: 'Property Type is required.',
    amenitiesRequired: 'Amenities is required.',
    bedroomsRequired: 'Min and max bedrooms is required.',
    budgetRequired: 'Min and max budget is required.',
    initialSlaRequired: 'Initial SLA Date is required.',
    freePoolSlaRequired: 'Free Pool SLA Date is required.',
    initialSlaNotBeforeFreePool: 'Initial SLA End Date should be less than Free Pool SLA End Date.',
    slaDatesSame: 'Initial SLA End Date and Free Pool SLA End Date cannot be same.',
    invalidDate: 'Invalid date.',
    /** 'Min bedrooms should be at least 0.' / 'Max budget should be at least 0.' */
    atLeastZero: (bound: 'Min' | 'Max', quantity: RangeQuantity) => `${bound} ${quantity} should be at least 0.`,
    /** 'Min bedrooms cannot be greater than Max bedrooms.' */
    minGreaterThanMax: (quantity: RangeQuantity) => `Min ${quantity} cannot be greater than Max ${quantity}.`,
    /** 'Max bedrooms cannot be less than Min bedrooms.' */
    maxLessThanMin: (quantity: RangeQuantity) => `Max ${quantity} cannot be less than Min ${quantity}.`,
    notANumber: (bound: 'Min' | 'Max', quantity: RangeQuantity) => `${bound} ${quantity} must be a number.`,
    wholeNumber: (bound: 'Min' | 'Max', quantity: RangeQuantity) => `${bound} ${quantity} must be a whole number.`,
    tooLarge: (bound: 'Min' | 'Max', quantity: RangeQuantity, max: number) => `${bound} ${quantity} cannot be greater than ${max}.`,
    invalidOption: (label: string) => `${label} is invalid.`,
  },
} as const;

export type RangeQuantity = 'bedrooms' | 'bathrooms' | 'budget';
