import {
  CUSTOMER_TYPES,
  FORM_LEAD_TYPE,
  leadTypeChangePatch,
  leadTypeForContactType,
  manualAssignmentPatch,
  MESSAGES,
  type InitialAgentResult,
} from '@crm/domain';
import { App, type FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { browserLocale } from '../../../../app/request-headers';
import { trpc } from '../../../../app/trpc';
import { toApiError } from '../../../../kit/api/api-error';
import { isFlaggedCustomer, type CustomerOption } from '../customer-option';
import {
  type LeadFormDraft,
  type ListingOption,
  listingFillPatch,
  type ProjectOption,
  projectFillPatch,
  slaWallTime,
} from '../lead-form-values';

// docs/product.md 'Lead form' (lead type changes and auto-fill): what the form does when a field changes.
// The rules themselves are the domain's (leadTypeChangePatch, manualAssignmentPatch...); this hook applies
// them to the antd form and asks the server for the agent, the budget and the SLA dates.

export type LeadFormMode = 'create' | 'update';

export interface ParentNotice {
  _id: string;
  leadID: string;
}

interface Options {
  form: FormInstance<LeadFormDraft>;
  mode: LeadFormMode;
  initialCustomer: CustomerOption | null;
}

/** Fields whose rules depend on the lead type. */
const TYPE_DEPENDENT_FIELDS = [
  'listing',
  'campaignName',
  'propertyType',
  'amenities',
  'country',
  'city',
  'location',
  'minBedroom',
  'maxBedroom',
  'minBudget',
  'maxBudget',
  'agent',
] as const;

/** A general lead is always assigned by hand. */
const isManual = (v: LeadFormDraft) => v.type === FORM_LEAD_TYPE.GENERAL || v.isManualAssignment === true;

const customerTypeOf = (customer: CustomerOption | null) => CUSTOMER_TYPES.find((type) => type === customer?.type);

export function useLeadFormController({ form, mode, initialCustomer }: Options) {
  const utils = trpc.useUtils();
  const { message } = App.useApp();
  const [customer, setCustomer] = useState<CustomerOption | null>(initialCustomer);
  const [parent, setParent] = useState<ParentNotice | null>(null);
  const [limitsWarning, setLimitsWarning] = useState<string | null>(null);
  const [agentLoading, setAgentLoading] = useState(false);
  // Answers can arrive out of order: only the latest request of each kind is applied.
  const agentTicket = useRef(0);
  const slaTicket = useRef(0);
  // The async lookups read the customer chosen last, not the one of the render that started them.
  const customerRef = useRef(initialCustomer);

  const values = useCallback(() => form.getFieldsValue(true) as LeadFormDraft, [form]);

  /** POST lead-pool-sla: the dates the lead would get; shown in the pickers while the SLA is automatic. */
  const previewSla = useCallback(async () => {
    const v = values();
    const ticket = ++slaTicket.current;
    try {
      const sla = await utils.leads.poolSla.fetch(
        {
          agent: v.agent || undefined,
          sendToPool: v.sendToPool === true,
          stage: v.stage,
          action: v.action,
          parentId: v.parentId || undefined,
          customerType: customerTypeOf(customerRef.current),
          isManualAssignment: isManual(v),
        },
        { staleTime: 0 },
      );
      if (ticket !== slaTicket.current) return;
      setLimitsWarning(sla.limitsWarning);
      if (form.getFieldValue('setAutoSLADetails') !== false || sla.limitsWarning) {
        const timeZone = browserLocale().timeZone;
        form.setFieldsValue({
          setAutoSLADetails: true,
          initialSlaEndDate: slaWallTime(sla.initialSlaEndDate, timeZone) ?? null,
          freePoolSlaEndDate: slaWallTime(sla.freePoolSlaEndDate, timeZone) ?? null,
        });
      }
    } catch (error) {
      // An SLA lookup error is a toast with its message.
      if (ticket === slaTicket.current) void message.error(toApiError(error).message);
    }
  }, [form, message, utils, values]);

  const applyAgent = useCallback(
    (result: InitialAgentResult, manual: boolean) => {
      setLimitsWarning(result.limitsWarning);
      if (result.limitsWarning) form.setFieldsValue({ setAutoSLADetails: true });
      if (result.parent) {
        // The lead will be merged into the customer's open lead: that lead's agent, automatic assignment.
        setParent({ _id: result.parent._id, leadID: result.parent.leadID });
        const auto = values().type === FORM_LEAD_TYPE.GENERAL ? {} : manualAssignmentPatch(false);
        form.setFieldsValue({ ...auto, parentId: result.parent._id });
        form.setFields([{ name: 'agent', value: result.parent.agent?._id, errors: [] }]);
        return;
      }
      setParent(null);
      form.setFieldsValue({ parentId: null });
      if (manual) return;
      if (result.agent) {
        form.setFields([{ name: 'agent', value: result.agent._id, errors: [] }]);
        void previewSla();
      } else {
        form.setFields([{ name: 'agent', value: undefined, errors: [MESSAGES.lead.agentNotFound] }]);
      }
    },
    [form, previewSla, values],
  );

  /** GET initial-agent (create only): who gets the lead, and whether it has a parent lead. */
  const resolveAgent = useCallback(async () => {
    if (mode !== 'create') return;
    const v = values();
    const manual = isManual(v);
    // With manual assignment only a parent lead could change anything, and that needs a customer.
    if (manual && !v.customer) return;
    const ticket = ++agentTicket.current;
    setAgentLoading(true);
    try {
      const result = await utils.leads.initialAgent.fetch(
        {
          listing: v.type === FORM_LEAD_TYPE.LISTING ? v.listing || undefined : undefined,
          project: v.type === FORM_LEAD_TYPE.OFFPLAN ? v.campaignName || undefined : undefined,
          customer: v.customer || undefined,
          leadType: v.leadType || undefined,
          stage: v.stage,
          action: v.action || undefined,
          customerType: customerTypeOf(customerRef.current),
        },
        { staleTime: 0 },
      );
      if (ticket === agentTicket.current) applyAgent(result, manual);
    } catch (error) {
      if (ticket === agentTicket.current) void message.error(toApiError(error).message);
    } finally {
      if (ticket === agentTicket.current) setAgentLoading(false);
    }
  }, [applyAgent, message, mode, utils, values]);

  /** GET budget of the chosen listing or project. Lookup failures are silent (docs/product.md 'Errors in the browser'). */
  const fillBudget = useCallback(
    async (input: { listing?: string; project?: string }) => {
      try {
        const budget = await utils.leads.budget.fetch(input);
        form.setFieldsValue({ minBudget: budget.minBudget, maxBudget: budget.maxBudget });
      } catch {
        // silent
      }
    },
    [form, utils],
  );

  const selectListing = useCallback(
    (listing: ListingOption | undefined) => {
      if (!listing) return;
      form.setFieldsValue(listingFillPatch(listing));
      void fillBudget({ listing: listing._id });
      void resolveAgent();
    },
    [fillBudget, form, resolveAgent],
  );

  const selectProject = useCallback(
    (project: ProjectOption | undefined) => {
      if (!project) return;
      form.setFieldsValue(projectFillPatch(project));
      void fillBudget({ project: project._id });
      void resolveAgent();
    },
    [fillBudget, form, resolveAgent],
  );

  /** A customer chosen in the select or added in the drawer; Spam and External Agent flag the form. */
  const selectCustomer = useCallback(
    (option: CustomerOption | null) => {
      setCustomer(option);
      customerRef.current = option;
      form.setFieldsValue({ customer: option?._id });
      if (option) form.setFields([{ name: 'customer', errors: [] }]);
      if (isFlaggedCustomer(option)) form.setFieldsValue({ setAutoSLADetails: true });
      void resolveAgent();
    },
    [form, resolveAgent],
  );

  const onValuesChange = useCallback(
    (changed: LeadFormDraft) => {
      if (changed.type) {
        form.setFieldsValue(leadTypeChangePatch(changed.type));
        // What the old type required may not be required now: its messages go until the next check.
        form.setFields(TYPE_DEPENDENT_FIELDS.map((name) => ({ name, errors: [] })));
        setParent(null);
        void resolveAgent();
      }
      if ('contactType' in changed) {
        const leadType = leadTypeForContactType(changed.contactType);
        if (leadType) form.setFieldsValue({ leadType });
      }
      if ('isManualAssignment' in changed) {
        form.setFieldsValue(manualAssignmentPatch(changed.isManualAssignment === true));
        if (changed.isManualAssignment) form.setFields([{ name: 'agent', errors: [] }]);
        else void resolveAgent();
      }
      if (changed.sendToPool === true) void previewSla();
      if (changed.setAutoSLADetails === true) {
        // Automatic SLA: the date rules no longer apply, so their messages go too.
        form.setFields([
          { name: 'initialSlaEndDate', errors: [] },
          { name: 'freePoolSlaEndDate', errors: [] },
        ]);
      }
      if ('country' in changed) form.setFieldsValue({ city: null, location: null });
      if ('city' in changed) form.setFieldsValue({ location: null });
    },
    [form, previewSla, resolveAgent],
  );

  return {
    customer,
    spamOrExternal: isFlaggedCustomer(customer),
    parent,
    limitsWarning,
    agentLoading,
    onValuesChange,
    selectCustomer,
    selectListing,
    selectProject,
    reloadAgent: resolveAgent,
  };
}

export type LeadFormController = ReturnType<typeof useLeadFormController>;
