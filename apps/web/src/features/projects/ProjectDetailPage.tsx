import { EditOutlined } from '@ant-design/icons';
import { LINKS, MESSAGES, PATHS, populated, projectContract } from '@crm/domain';
import { Card, Result, Space, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { CustomFieldDetails } from '../../kit/custom-fields/CustomFieldDetails';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { RecordHistory } from '../../kit/history/RecordHistory';
import { linkWithParams, paramsToCarry } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { DuplicateProjectButton } from './DuplicateProjectButton';
import { ProjectPartsDetail } from './ProjectPartsDetail';
import { ProjectTranslationsDetail } from './ProjectTranslationsDetail';

const DETAIL_FIELDS = [
  'name',
  'slug',
  'developer',
  'campaignName',
  'status',
  'country',
  'city',
  'community',
  'startDate',
  'completionDate',
  'handoverDate',
  'amenities',
  'enabled',
  'brochure',
  'description',
  'descriptionAr',
  'translations',
] as const;

/** /properties/projects/{id}: the off-plan record, its custom fields, its parts, its history, Edit and Duplicate. */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permissions = useResourcePermissions(projectContract);
  const query = trpc.projects.byId.useQuery(
    { id, populate: [{ path: 'developer', select: ['name'] }, 'brochure', { path: 'agents', select: ['name'] }] },
    { enabled: id !== '', retry: false },
  );
  const project = query.data?.data;

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (project) {
    const brochure = populated(project.brochure);
    const agents = Array.isArray(project.agents) ? project.agents.map((agent) => populated(agent)?.name).filter(Boolean) : [];
    body = (
      <>
        <Card style={{ marginBottom: 16 }}>
          <ResourceDetail
            contract={projectContract}
            record={project}
            fields={DETAIL_FIELDS}
            render={{
              brochure: () =>
                brochure?.file ? (
                  <Typography.Link href={brochure.file} target="_blank" rel="noopener noreferrer">
                    {brochure.name}
                  </Typography.Link>
                ) : (
                  MESSAGES.record.empty
                ),
              translations: (record) => <ProjectTranslationsDetail translations={record.translations} />,
              descriptionAr: (record) => (
                <Typography.Paragraph dir="rtl" lang="ar" style={{ whiteSpace: 'pre-line', margin: 0 }}>
                  {record.descriptionAr || MESSAGES.record.empty}
                </Typography.Paragraph>
              ),
            }}
          />
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            <strong>Agents:</strong> {agents.join(', ') || MESSAGES.record.empty}
          </Typography.Paragraph>
        </Card>
        <CustomFieldDetails kind="project" values={project.customFields} />
        <ProjectPartsDetail project={project} />
        <RecordHistory subjectType={projectContract.name} subjectId={project._id} />
      </>
    );
  }

  const editLink = linkWithParams(LINKS.projectUpdate(id), { ref: LINKS.project(id), refParams: paramsToCarry(params) });
  return (
    <ResourcePage
      title={project?.name || 'Project'}
      back={PATHS.PROJECTS}
      contract={projectContract}
      actions={
        project && (
          <Space>
            {permissions.create && <DuplicateProjectButton id={project._id} />}
            {permissions.update && (
              <LinkButton type="primary" icon={<EditOutlined aria-hidden />} to={editLink}>
                {MESSAGES.record.edit}
              </LinkButton>
            )}
          </Space>
        )
      }
    >
      {body}
    </ResourcePage>
  );
}
