import { deriveSlaStage, formatInZone, LINKS, populated, SLA_STAGE_COLORS, stageColor, statusColor } from '@crm/domain';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { linkWithParams } from '../../../kit/navigation/list-links';
import type { LeadRow } from '../report/lead-row';

const dateCell = (value: string | null | undefined, timeZone: string | undefined) =>
  value ? formatInZone(value, DATE_TIME_FORMAT, timeZone) : '-';

/** The columns both agent tables share: the lead, who asked, about what, where it stands. */
export function agentLeadColumns(options: { now: Date; timeZone: string | undefined; ref: string }): ColumnsType<LeadRow> {
  const { now, timeZone, ref } = options;
  return [
    {
      title: 'Lead ID',
      key: 'leadID',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, lead) => <Link to={linkWithParams(LINKS.leadDetail(lead._id), { ref })}>{lead.leadID || lead._id}</Link>,
    },
    { title: 'Customer', key: 'customer', render: (_, lead) => populated(lead.customer)?.fullName || '-' },
    { title: 'Type', key: 'contactType', render: (_, lead) => lead.contactType || '-' },
    {
      title: 'Property/Project',
      key: 'subject',
      render: (_, lead) => populated(lead.listing)?.reference || populated(lead.project)?.name || lead.location || '-',
    },
    { title: 'Stage', key: 'stage', render: (_, lead) => <Tag color={stageColor(lead.stage)}>{lead.stage || '-'}</Tag> },
    { title: 'Status', key: 'status', render: (_, lead) => <Tag color={statusColor(lead.status)}>{lead.status || '-'}</Tag> },
    {
      title: 'SLA Stage',
      key: 'sla',
      render: (_, lead) => {
        const stage = deriveSlaStage(lead, now);
        const color = SLA_STAGE_COLORS[stage];
        return color ? <Tag color={color}>{stage}</Tag> : stage;
      },
    },
    { title: 'Initial SLA End', key: 'initialSlaEndDate', render: (_, lead) => dateCell(lead.initialSlaEndDate, timeZone) },
    { title: 'Created At', key: 'dataSourceCreatedAt', render: (_, lead) => dateCell(lead.dataSourceCreatedAt, timeZone) },
  ];
}
