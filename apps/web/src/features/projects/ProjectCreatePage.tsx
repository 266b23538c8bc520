import { LINKS, MESSAGES, PATHS, projectContract } from '@crm/domain';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { linkWithParams } from '../../kit/navigation/list-links';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { projectForm } from './project-form';

/** /properties/projects/create: the project's own fields; a saved project opens in the editor for its other parts. */
export function ProjectCreatePage() {
  const navigate = useNavigate();
  const goBack = useGoBack(PATHS.PROJECTS);
  return (
    <ResourcePage title={MESSAGES.record.addTitle(projectContract.label.one)} back={PATHS.PROJECTS}>
      <Card>
        <ResourceFormPanel
          spec={projectForm}
          mode="create"
          onSaved={(project) => void navigate(linkWithParams(LINKS.projectUpdate(project._id), { ref: LINKS.project(project._id) }))}
          onCancel={goBack}
        />
      </Card>
    </ResourcePage>
  );
}
