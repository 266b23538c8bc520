import { developerContract, LINKS, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { linkWithParams } from '../../kit/navigation/list-links';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { developerForm } from './developer-form';

/** /properties/developers/create: the developer form; a saved developer opens, Back returns to the list. */
export function DeveloperCreatePage() {
  const navigate = useNavigate();
  const goBack = useGoBack(PATHS.DEVELOPERS);
  return (
    <ResourcePage title={MESSAGES.record.addTitle(developerContract.label.one)} back={PATHS.DEVELOPERS}>
      <Card>
        <ResourceFormPanel
          spec={developerForm}
          mode="create"
          onSaved={(developer) => void navigate(linkWithParams(LINKS.developer(developer._id), { ref: PATHS.DEVELOPERS }))}
          onCancel={goBack}
        />
      </Card>
    </ResourcePage>
  );
}
