import { customerContract, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useParams } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { customerForm } from './customer-form';

/**
 * /customers/{id}/update (CUSTOMER_UPDATE): the customer form, read afresh; saving or cancelling goes back to `ref`
 * (the lead form links here with `refresh=1&ref=/leads/{id}/update`).
 */
export function CustomerUpdatePage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(PATHS.CUSTOMERS);
  return (
    <ResourcePage title={MESSAGES.record.updateTitle(customerContract.label.one)} back={PATHS.CUSTOMERS} contract={customerContract}>
      <Card>
        <ResourceFormPanel spec={customerForm} mode="update" id={id} onSaved={goBack} onCancel={goBack} />
      </Card>
    </ResourcePage>
  );
}
