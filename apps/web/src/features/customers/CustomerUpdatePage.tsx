import { useParams } from 'react-router-dom';
import { PageHeader } from '../../shared/PageHeader';
import { BackButton } from '../leads/form/support/BackButton';
import { useGoBack } from '../leads/form/support/useGoBack';
import { CustomerDrawer } from './CustomerDrawer';

const CUSTOMERS_PATH = '/customers';

/** /customers/{id}/update (CUSTOMER_UPDATE): the customer drawer in edit mode; closing or saving goes back to `ref`. */
export function CustomerUpdatePage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(CUSTOMERS_PATH);
  return (
    <>
      <PageHeader title="Update Customer" extra={<BackButton fallback={CUSTOMERS_PATH} />} />
      <CustomerDrawer open customerId={id} onClose={goBack} onSaved={goBack} />
    </>
  );
}
