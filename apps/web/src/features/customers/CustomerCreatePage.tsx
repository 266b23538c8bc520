import { customerContract, LINKS, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { linkWithParams } from '../../kit/navigation/list-links';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { customerForm } from './customer-form';

/** /customers/create (CUSTOMER_ADD): the customer form; a saved customer opens, Back returns to the list. */
export function CustomerCreatePage() {
  const navigate = useNavigate();
  const goBack = useGoBack(PATHS.CUSTOMERS);
  return (
    <ResourcePage title={MESSAGES.record.addTitle(customerContract.label.one)} back={PATHS.CUSTOMERS}>
      <Card>
        <ResourceFormPanel
          spec={customerForm}
          mode="create"
          onSaved={(customer) => void navigate(linkWithParams(LINKS.customer(customer._id), { ref: PATHS.CUSTOMERS }))}
          onCancel={goBack}
        />
      </Card>
    </ResourcePage>
  );
}
