// The public review page a viewing's feedback mail links to (docs/product.md 'Viewing reviews'): its path, its
// languages and its words. Kept apart from the contract: the route table reads it.

/** The languages of the public review page; the first is the default. */
export const VIEWING_REVIEW_LANGUAGES = ['en', 'ar'] as const;
export type ViewingReviewLanguage = (typeof VIEWING_REVIEW_LANGUAGES)[number];

/** Why a review link is refused: the `data.reason` of its 404 or 409, which the page says in the customer's language. */
export const VIEWING_REVIEW_REFUSALS = ['invalid', 'expired', 'reviewed', 'notDone'] as const;
export type ViewingReviewRefusal = (typeof VIEWING_REVIEW_REFUSALS)[number];

/** The public review page's words, per language (Arabic reads right to left). */
export const VIEWING_REVIEW_PAGE_TEXT = {
  en: {
    direction: 'ltr',
    languageName: 'English',
    title: 'How was your viewing?',
    intro: (p: { subject: string | null; agentName: string | null; company: string }) =>
      `Tell ${p.company} how your viewing${p.subject ? ` of ${p.subject}` : ''}${p.agentName ? ` with ${p.agentName}` : ''} went.`,
    rating: 'Your rating',
    ratingOption: (n: number) => `${n} of 5`,
    ratingLow: 'Poor',
    ratingHigh: 'Excellent',
    ratingRequired: 'Choose a rating from 1 to 5.',
    comment: 'Your comments (optional)',
    submit: 'Send my review',
    thanks: 'Thank you for your review!',
    thanksDetail: 'Your feedback helps us serve you better.',
    checking: 'Opening your review…',
    retry: 'Try again',
    refusals: {
      invalid: 'This review link is not valid.',
      expired: 'This review link has expired.',
      reviewed: 'This viewing has already been reviewed. Thank you!',
      notDone: 'This viewing cannot be reviewed yet.',
    },
    switchTo: 'العربية',
  },
  ar: {
    direction: 'rtl',
    languageName: 'العربية',
    title: 'كيف كانت معاينتك؟',
    intro: (p: { subject: string | null; agentName: string | null; company: string }) =>
      `أخبر ${p.company} كيف كانت معاينتك${p.subject ? ` لـ ${p.subject}` : ''}${p.agentName ? ` مع ${p.agentName}` : ''}.`,
    rating: 'تقييمك',
    ratingOption: (n: number) => `${n} من 5`,
    ratingLow: 'ضعيف',
    ratingHigh: 'ممتاز',
    ratingRequired: 'اختر تقييمًا من 1 إلى 5.',
    comment: 'ملاحظاتك (اختياري)',
    submit: 'أرسل تقييمي',
    thanks: 'شكرًا لتقييمك!',
    thanksDetail: 'ملاحظاتك تساعدنا على خدمتك بشكل أفضل.',
    checking: 'جارٍ فتح التقييم…',
    retry: 'حاول مرة أخرى',
    refusals: {
      invalid: 'رابط التقييم هذا غير صالح.',
      expired: 'انتهت صلاحية رابط التقييم هذا.',
      reviewed: 'تم تقييم هذه المعاينة من قبل. شكرًا لك!',
      notDone: 'لا يمكن تقييم هذه المعاينة بعد.',
    },
    switchTo: 'English',
  },
} as const;

/** The public review page (outside the staff frame): its token and language in the query. */
export const VIEWING_REVIEW_PAGE = {
  PATH: '/viewing-review',
  link: (token: string, language: ViewingReviewLanguage = 'en') =>
    `/viewing-review?token=${encodeURIComponent(token)}${language === 'en' ? '' : `&lang=${language}`}`,
} as const;
