import {
  VIEWING_REVIEW_LANGUAGES,
  VIEWING_REVIEW_PAGE_TEXT,
  VIEWING_REVIEW_REFUSALS,
  type ViewingReviewLanguage,
  type ViewingReviewRefusal,
} from '@crm/domain';
import { Button, Card, ConfigProvider, Form, Input, Radio, Result, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../../app/trpc';
import { type ApiError, toApiError } from '../../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

const isLanguage = (value: string | null): value is ViewingReviewLanguage =>
  value !== null && (VIEWING_REVIEW_LANGUAGES as readonly string[]).includes(value);

/** The refusal the server named (`data.reason`), or null when it did not answer one (the network, a 5xx). */
function refusalOf(error: ApiError): ViewingReviewRefusal | null {
  const reason = typeof error.data === 'object' && error.data !== null ? (error.data as { reason?: unknown }).reason : undefined;
  if (typeof reason === 'string' && (VIEWING_REVIEW_REFUSALS as readonly string[]).includes(reason)) return reason as ViewingReviewRefusal;
  return error.statusCode === 404 ? 'invalid' : null;
}

/**
 * The page a viewing's feedback mail links to (docs/product.md 'Viewing reviews'): no login, the link's signed token
 * in the query. In English or Arabic (right to left), it names the viewing, takes a rating of 1 to 5 and a comment,
 * and says in the customer's language why a link is refused (not valid, expired, already used, not done).
 */
export function ViewingReviewPublicPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const requested = params.get('lang');
  const language: ViewingReviewLanguage = isLanguage(requested) ? requested : 'en';
  const t = VIEWING_REVIEW_PAGE_TEXT[language];
  const invitation = trpc.viewingReviews.invitation.useQuery({ token }, { enabled: token !== '', retry: false, meta: SCREEN_SHOWS_ERROR });
  const submit = trpc.viewingReviews.submit.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const other: ViewingReviewLanguage = language === 'en' ? 'ar' : 'en';

  const refused = (error: ApiError): ReactNode => {
    const refusal = refusalOf(error);
    return (
      <Result
        status={refusal === 'reviewed' ? 'success' : 'warning'}
        title={refusal ? t.refusals[refusal] : error.message}
        extra={refusal ? undefined : <Button onClick={() => void invitation.refetch()}>{t.retry}</Button>}
      />
    );
  };

  let body: ReactNode;
  if (!token) body = <Result status="warning" title={t.refusals.invalid} />;
  else if (submit.isSuccess) body = <Result status="success" title={t.thanks} subTitle={t.thanksDetail} />;
  else if (submit.isError && refusalOf(toApiError(submit.error))) body = refused(toApiError(submit.error));
  else if (invitation.isError) body = refused(toApiError(invitation.error));
  else if (!invitation.data) body = <Result icon={<Spin size="large" />} title={t.checking} />;
  else {
    const about = invitation.data;
    body = (
      <Form
        layout="vertical"
        onFinish={() => {
          if (rating === null) return setMissing(true);
          submit.mutate({ token, rating, comment: comment.trim() || null, language });
        }}
      >
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t.title}
        </Typography.Title>
        <Typography.Paragraph>{t.intro(about)}</Typography.Paragraph>
        <Form.Item
          label={<span id="viewing-review-rating">{t.rating}</span>}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t.ratingRequired : `1 = ${t.ratingLow}, 5 = ${t.ratingHigh}`}
        >
          <Radio.Group
            aria-labelledby="viewing-review-rating"
            optionType="button"
            buttonStyle="solid"
            value={rating}
            onChange={(event) => {
              setRating(Number(event.target.value));
              setMissing(false);
            }}
            options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t.ratingOption(n) }))}
          />
        </Form.Item>
        <Form.Item label={t.comment} htmlFor="viewing-review-comment">
          <Input.TextArea
            id="viewing-review-comment"
            rows={4}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </Form.Item>
        {submit.isError ? <Typography.Paragraph type="danger">{toApiError(submit.error).message}</Typography.Paragraph> : null}
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t.submit}
        </Button>
      </Form>
    );
  }

  return (
    <ConfigProvider direction={t.direction}>
      <main
        lang={language}
        dir={t.direction}
        style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}
      >
        <Card style={{ width: '100%', maxWidth: 560 }}>
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="link"
              lang={other}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('lang', other);
                setParams(next, { replace: true });
              }}
            >
              {t.switchTo}
            </Button>
          </div>
          {body}
        </Card>
      </main>
    </ConfigProvider>
  );
}
