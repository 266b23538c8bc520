import { LeadFormSchema, LINKS, MESSAGES, PATHS, toLeadPayload, toLeadUpdatePayload, fieldMessagesOf } from '@crm/domain';
import { App, type FormInstance } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { browserLocale } from '../../../../app/request-headers';
import { trpc } from '../../../../app/trpc';
import { toApiError, type ApiError } from '../../../../kit/api/api-error';
import { applyServerErrors, firstErrorField } from '../../../../kit/form/form-errors';
import { linkWithParams } from '../../../../kit/navigation/list-links';
import { leadFormToSend, withFormFieldNames, type LeadFormDraft } from '../lead-form-values';
import { useGoBack } from '../../../../kit/navigation/useGoBack';
import type { LeadFormMode } from './useLeadFormController';
import { SCREEN_SHOWS_ERROR } from '../../../../kit/api/mutation-errors';

const SCROLL = { block: 'center', behavior: 'smooth', focus: true } as const;

/** Update errors show the error's data when it is a text, else its message. */
function toastText(error: ApiError, mode: LeadFormMode): string {
  if (mode === 'update' && typeof error.data === 'string' && error.data) return error.data;
  return error.message || MESSAGES.common.error;
}

/**
 * Saves the form: the domain schema parses it, toLeadPayload shapes it, tRPC `leads.create` / `leads.update`
 * sends it. Success: create goes to the new lead (ref back to the report), update goes back. Failure: the
 * message as a toast and the server's per-field messages on the fields.
 */
export function useLeadSubmit({
  form,
  mode,
  leadId,
}: {
  form: FormInstance<LeadFormDraft>;
  mode: LeadFormMode;
  leadId?: string | undefined;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const utils = trpc.useUtils();
  const create = trpc.leads.create.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const update = trpc.leads.update.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const showErrors = useCallback(
    (error: ApiError) => {
      const named = withFormFieldNames(error);
      void message.error(toastText(named, mode));
      applyServerErrors(form, named);
      const first = firstErrorField(form);
      if (first) form.scrollToField(first, SCROLL);
    },
    [form, message, mode],
  );

  const submit = useCallback(async () => {
    const parsed = LeadFormSchema.safeParse(leadFormToSend(form.getFieldsValue(true)));
    if (!parsed.success) {
      // antd ran the same rules already; this only catches a value no field showed (a hidden one).
      const data = fieldMessagesOf(parsed.error.issues);
      showErrors({ statusCode: 400, code: 'VALIDATION_ERROR', message: parsed.error.issues[0]?.message ?? MESSAGES.common.error, data });
      return;
    }
    const options = { timeZone: browserLocale().timeZone ?? null };
    try {
      if (mode === 'create') {
        const lead = await create.mutateAsync(toLeadPayload(parsed.data, options));
        void message.success(MESSAGES.lead.created);
        void utils.leads.invalidate();
        void utils.leads.invalidate();
        void navigate(linkWithParams(LINKS.leadDetail(lead._id), { ref: PATHS.LEADS_REPORT }));
      } else if (leadId) {
        await update.mutateAsync({ id: leadId, payload: toLeadUpdatePayload(parsed.data, options) });
        void message.success(MESSAGES.lead.updated);
        void utils.leads.invalidate();
        void utils.leads.invalidate();
        goBack();
      }
    } catch (error) {
      showErrors(toApiError(error));
    }
  }, [create, form, goBack, leadId, message, mode, navigate, showErrors, update, utils]);

  return { submit, saving: create.isPending || update.isPending };
}
