import { MESSAGES, PATHS, PROJECT_TRANSLATION_TEXT, projectContract } from '@crm/domain';
import { Card, Result, Tabs } from 'antd';
import { useParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { AgentsTab } from './AgentsTab';
import { AmenitiesTab } from './AmenitiesTab';
import { DldTab } from './DldTab';
import { GalleryTab } from './GalleryTab';
import { KeyPointsTab } from './KeyPointsTab';
import { PaymentPlansTab } from './PaymentPlansTab';
import { projectForm } from './project-form';
import { ProjectFaqTab } from './ProjectFaqTab';
import { TranslationsTab } from './TranslationsTab';
import { UnitTypesTab } from './UnitTypesTab';

/** /properties/projects/{id}/update: one tab per part of the off-plan record, each saved by its own call. */
export function ProjectEditorPage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(PATHS.PROJECTS);
  const query = trpc.projects.byId.useQuery({ id }, { enabled: id !== '', retry: false });
  const project = query.data?.data;

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (project) {
    const tabs = [
      {
        key: 'details',
        label: 'Details',
        children: <ResourceFormPanel spec={projectForm} mode="update" id={id} onSaved={goBack} onCancel={goBack} />,
      },
      { key: 'translations', label: PROJECT_TRANSLATION_TEXT.tab, children: <TranslationsTab project={project} /> },
      { key: 'types', label: 'Unit Types', children: <UnitTypesTab project={project} /> },
      { key: 'payment-plans', label: 'Payment Plans', children: <PaymentPlansTab project={project} /> },
      { key: 'gallery', label: 'Gallery', children: <GalleryTab project={project} /> },
      { key: 'amenities', label: 'Amenities', children: <AmenitiesTab project={project} /> },
      { key: 'agents', label: 'Agents', children: <AgentsTab project={project} /> },
      { key: 'dld', label: 'DLD', children: <DldTab project={project} /> },
      { key: 'key-points', label: 'Key Points', children: <KeyPointsTab project={project} /> },
      { key: 'faq', label: 'FAQ', children: <ProjectFaqTab project={project} /> },
    ];
    body = (
      <Card>
        <Tabs items={tabs} />
      </Card>
    );
  }
  return (
    <ResourcePage title={MESSAGES.record.updateTitle(projectContract.label.one)} back={PATHS.PROJECTS} contract={projectContract}>
      {body}
    </ResourcePage>
  );
}
