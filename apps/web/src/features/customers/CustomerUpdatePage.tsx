import { useParams } from 'react-router-dom';
import { PageHeader } from '../../kit/page/PageHeader';
import { BackButton } from '../../kit/navigation/BackButton';
import { useGoBack } from '../../kit/navigation/useGoBack';
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
