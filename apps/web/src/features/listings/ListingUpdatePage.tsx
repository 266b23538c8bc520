import { listingContract, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useParams } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { listingForm } from './form/listing-form';

/** /properties/listings/{id}/update: the listing editor, read afresh; saving or cancelling goes back to `ref`. */
export function ListingUpdatePage() {
  const { id = '' } = useParams();
  const goBack = useGoBack(PATHS.LISTINGS);
  return (
    <ResourcePage title={MESSAGES.record.updateTitle(listingContract.label.one)} back={PATHS.LISTINGS} contract={listingContract}>
      <Card>
        <ResourceFormPanel spec={listingForm} mode="update" id={id} onSaved={goBack} onCancel={goBack} />
      </Card>
    </ResourcePage>
  );
}
