import { trpc } from '../../app/trpc';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

/**
 * The project's part calls, each followed by a fresh read of the project (the editor, the detail, the list). Their
 * screens show a failure themselves: a part's form under its fields, the project's FAQ list as a message.
 */
export function useProjectPart() {
  const utils = trpc.useUtils();
  const after = { onSuccess: () => utils.projects.invalidate(), meta: SCREEN_SHOWS_ERROR };
  return {
    types: trpc.projects.saveTypes.useMutation(after),
    paymentPlans: trpc.projects.savePaymentPlans.useMutation(after),
    gallery: trpc.projects.saveGallery.useMutation(after),
    amenities: trpc.projects.saveAmenities.useMutation(after),
    agents: trpc.projects.saveAgents.useMutation(after),
    keyPoints: trpc.projects.saveKeyPoints.useMutation(after),
    dld: trpc.projects.saveDld.useMutation(after),
    faqHeading: trpc.projects.saveFaqHeading.useMutation(after),
    addFaq: trpc.projects.addFaq.useMutation(after),
    updateFaq: trpc.projects.updateFaq.useMutation(after),
    removeFaq: trpc.projects.removeFaq.useMutation(after),
    reorderFaqs: trpc.projects.reorderFaqs.useMutation(after),
  };
}
