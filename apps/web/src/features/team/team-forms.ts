import { type ContractRecord, departmentContract, groupContract, memberContract } from '@crm/domain';
import { defineResourceForm } from '../../kit/form/form-spec';
import { refIdOf } from '../../kit/resource/refs';
import { DepartmentFormFields, GroupFormFields } from './NameFormFields';
import { MemberFormFields } from './MemberFormFields';

// The team's forms (registered in src/app/resource-forms.ts), checked with the contracts' schemas in the browser and
// again on the server.

export const departmentForm = defineResourceForm({
  contract: departmentContract,
  Fields: DepartmentFormFields,
  defaults: () => ({ name: '' }),
  fromRecord: (department: ContractRecord<typeof departmentContract>) => ({ name: department.name }),
});

export const groupForm = defineResourceForm({
  contract: groupContract,
  Fields: GroupFormFields,
  defaults: () => ({ name: '' }),
  fromRecord: (group: ContractRecord<typeof groupContract>) => ({ name: group.name }),
});

type Member = ContractRecord<typeof memberContract>;

export const memberForm = defineResourceForm({
  contract: memberContract,
  Fields: MemberFormFields,
  defaults: () => ({
    name: '',
    enabled: false,
    isLeadProcessEnabled: false,
    isTest: false,
    showContactInfo: false,
    leadWeight: 1,
    groups: [],
    areas: [],
  }),
  fromRecord: (member: Member) => ({
    name: member.name,
    officeName: member.officeName,
    brn: member.brn,
    brnExpiresAt: member.brnExpiresAt,
    designation: member.designation,
    email: member.email,
    phoneCode: member.phoneCode,
    phone: member.phone,
    enabled: member.enabled,
    isLeadProcessEnabled: member.isLeadProcessEnabled,
    isTest: member.isTest,
    showContactInfo: member.showContactInfo,
    user: member.user ?? null,
    department: refIdOf(member.department) ?? null,
    groups: (member.groups ?? []).flatMap((group) => refIdOf(group) ?? []),
    reportedTo: refIdOf(member.reportedTo) ?? null,
    areas: member.areas ?? [],
    leadWeight: member.leadWeight,
    avatar: refIdOf(member.avatar) ?? null,
    avatar2: refIdOf(member.avatar2) ?? null,
    brochureAvatar: refIdOf(member.brochureAvatar) ?? null,
    description: member.description,
    calendly: member.calendly,
    videoLink: member.videoLink,
    linkedInProfileLink: member.linkedInProfileLink,
    facebookProfileLink: member.facebookProfileLink,
    twitterProfileLink: member.twitterProfileLink,
    instagramProfileLink: member.instagramProfileLink,
  }),
  populate: ['avatar', 'avatar2', 'brochureAvatar', 'groups'],
});
