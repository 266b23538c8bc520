import { EditOutlined } from '@ant-design/icons';
import { developerContract, LINKS, MESSAGES, PATHS, populated, projectContract } from '@crm/domain';
import { Card, Result, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { RecordHistory } from '../../kit/history/RecordHistory';
import { linkWithParams, paramsToCarry } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { DeveloperLogo } from './DeveloperLogo';
import { DeveloperProjectsTable } from './DeveloperProjectsTable';

const DETAIL_FIELDS = ['logo', 'name', 'website', 'description', 'createdAt', 'updatedAt'] as const;
const CARD = { style: { marginBottom: 16 } } as const;

/** /properties/developers/{id}: the developer's logo and fields, their projects and their history. */
export function DeveloperDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permissions = useResourcePermissions(developerContract);
  const projects = useResourcePermissions(projectContract);
  const query = trpc.developers.byId.useQuery({ id, populate: ['logo'] }, { enabled: id !== '', retry: false });
  const developer = query.data?.data;

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (developer) {
    const logo = populated(developer.logo);
    body = (
      <>
        <Card {...CARD}>
          <ResourceDetail
            contract={developerContract}
            record={developer}
            fields={DETAIL_FIELDS}
            render={{
              logo: (record) => <DeveloperLogo url={logo?.thumbnail ?? record.logoUrl} name={record.name} size={96} />,
              website: (record) =>
                record.website ? (
                  <Typography.Link href={record.website} target="_blank" rel="noopener noreferrer">
                    {record.website}
                  </Typography.Link>
                ) : (
                  MESSAGES.record.empty
                ),
              description: (record) => (
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
                  {record.description || MESSAGES.record.empty}
                </Typography.Paragraph>
              ),
            }}
          />
        </Card>
        {projects.read && (
          <Card title={MESSAGES.developer.projects} {...CARD}>
            <DeveloperProjectsTable developerId={developer._id} />
          </Card>
        )}
        <RecordHistory subjectType={developerContract.name} subjectId={developer._id} />
      </>
    );
  }

  const editLink = linkWithParams(LINKS.developerUpdate(id), { ref: LINKS.developer(id), refParams: paramsToCarry(params) });
  return (
    <ResourcePage
      title={developer?.name || 'Developer'}
      back={PATHS.DEVELOPERS}
      contract={developerContract}
      actions={
        permissions.update &&
        developer && (
          <LinkButton type="primary" icon={<EditOutlined aria-hidden />} to={editLink}>
            {MESSAGES.record.edit}
          </LinkButton>
        )
      }
    >
      {body}
    </ResourcePage>
  );
}
