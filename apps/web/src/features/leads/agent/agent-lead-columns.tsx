import { deriveSlaStage, formatInZone, LINKS, SLA_STAGE_COLORS, stageColor, statusColor, type ResourceRecord } from '@crm/domain';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { linkWithParams } from '../../../kit/navigation/list-links';
import { child, text } from '../../../kit/record/record';

const DATE_FORMAT = 'MMM D, YYYY, h:mm A';

const dateCell = (value: unknown, timeZone: string | undefined) =>
  typeof value === 'string' ? formatInZone(value, DATE_FORMAT, timeZone) : '-';

/** The columns both agent tables share: the lead, who asked, about what, where it stands. */
export function agentLeadColumns(options: { now: Date; timeZone: string | undefined; ref: string }): ColumnsType<ResourceRecord> {
  const { now, timeZone, ref } = options;
  return [
    {
      title: 'Lead ID',
      key: 'leadID',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, lead) => <Link to={linkWithParams(LINKS.leadDetail(lead._id), { ref })}>{text(lead, 'leadID') ?? lead._id}</Link>,
    },
    { title: 'Customer', key: 'customer', render: (_, lead) => text(child(lead, 'customer'), 'fullName') ?? '-' },
    { title: 'Type', key: 'contactType', render: (_, lead) => text(lead, 'contactType') ?? '-' },
    {
      title: 'Property/Project',
      key: 'subject',
      render: (_, lead) =>
        text(child(lead, 'listing'), 'reference') ?? text(child(lead, 'project'), 'name') ?? text(lead, 'location') ?? '-',
    },
    { title: 'Stage', key: 'stage', render: (_, lead) => <Tag color={stageColor(text(lead, 'stage'))}>{text(lead, 'stage') ?? '-'}</Tag> },
    {
      title: 'Status',
      key: 'status',
      render: (_, lead) => <Tag color={statusColor(text(lead, 'status'))}>{text(lead, 'status') ?? '-'}</Tag>,
    },
    {
      title: 'SLA Stage',
      key: 'sla',
      render: (_, lead) => {
        const stage = deriveSlaStage(
          {
            initialSlaEndDate: text(lead, 'initialSlaEndDate'),
            freePoolSlaEndDate: text(lead, 'freePoolSlaEndDate'),
            isAssignedFromLeadPool: lead.isAssignedFromLeadPool === true,
            isAccepted: lead.isAccepted === true,
            acceptedAt: text(lead, 'acceptedAt'),
          },
          now,
        );
        const color = SLA_STAGE_COLORS[stage];
        return color ? <Tag color={color}>{stage}</Tag> : stage;
      },
    },
    { title: 'Initial SLA End', key: 'initialSlaEndDate', render: (_, lead) => dateCell(lead.initialSlaEndDate, timeZone) },
    { title: 'Created At', key: 'dataSourceCreatedAt', render: (_, lead) => dateCell(lead.dataSourceCreatedAt, timeZone) },
  ];
}
