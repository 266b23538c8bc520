import { developerContract, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useParams } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { developerForm } from './developer-form';

/** /properties/developers/{id}/update: the developer form, read afresh; saving or cancelling goes back to `ref`. */
export function DeveloperUpdatePage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(PATHS.DEVELOPERS);
  return (
    <ResourcePage title={MESSAGES.record.updateTitle(developerContract.label.one)} back={PATHS.DEVELOPERS} contract={developerContract}>
      <Card>
        <ResourceFormPanel spec={developerForm} mode="update" id={id} onSaved={goBack} onCancel={goBack} />
      </Card>
    </ResourcePage>
  );
}
