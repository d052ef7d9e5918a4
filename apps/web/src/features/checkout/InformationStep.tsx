import {
  type Answers,
  type AskedQuestion,
  BUYER_NAME_MAX,
  checkoutStepsFr,
  type EventDetail,
  firstBuyerError,
  firstCompanyInvoiceError,
  fitBuyerName,
  fr,
  holderIssue,
  invoicesFr,
  isBuyerNameCut,
  normalizeEmail,
  questionsFr,
  STUDIES,
} from '@guichet/shared';
import { Checkbox, Collapse, Fieldset, NativeSelect, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../api/auth';
import { useGuestLookup, useStudies } from '../../api/guest';
import { FormError } from '../../ui/FormError';
import { showRuleError } from '../../ui/form-errors';
import { PlaceHolderFields } from '../holders/PlaceHolderFields';
import { type CompanyField, CompanyFields } from '../invoices/CompanyFields';
import { AnswerFields, answerFieldId, firstAnswerIssue } from '../questions/AnswerFields';
import { StepButtons, StepForm, type StepPlace } from './StepForm';
import type { Buyer, Step } from './state';

// The cut note stays under the field, above any error.
const NOTE_BEFORE_ERROR: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * Step 3: who buys. A logged-in buyer's e-mail and birth date are the account's; for a visitor
 * the e-mail decides what follows: a known one goes to payment, an unknown one creates its account.
 */
export function InformationStep({
  event,
  places,
  questions,
  buyer,
  accountCreatedFor,
  focus,
  onBack,
  onNext,
}: StepPlace & {
  event: EventDetail;
  /** The places chosen: one holder each when the event's tickets are named. */
  places: number;
  /** The organiser's questions the chosen ticket asks (issue 30): once, and for each place. */
  questions: { order: AskedQuestion[]; place: AskedQuestion[] };
  buyer: Buyer;
  accountCreatedFor: string | null;
  onNext: (buyer: Buyer, step: Step) => void;
}) {
  const { data: user } = useSession();
  const lookup = useGuestLookup();
  const studies = useStudies(event.isNeedsUserStudies);
  const known = user
    ? {
        ...buyer,
        email: user.email,
        birthDate: user.birthDate,
        // The account takes 50 characters, the ticket 22: the account's name comes cut (issue 26).
        lastName: buyer.lastName || fitBuyerName(user.lastName),
        firstName: buyer.firstName || fitBuyerName(user.firstName),
      }
    : buyer;
  // Named tickets: one holder per place, the first prefilled with the buyer's name (issue 30).
  const holders = event.isNamedTickets
    ? Array.from(
        { length: places },
        (_, index) =>
          known.holders[index] ??
          (index === 0 && user
            ? { firstName: user.firstName, lastName: user.lastName }
            : { firstName: index === 0 ? known.firstName : '', lastName: index === 0 ? known.lastName : '' }),
      )
    : [];
  const { answers: knownAnswers, placeAnswers: knownPlaceAnswers, ...fields } = known;
  const form = useForm<Omit<Buyer, 'answers' | 'placeAnswers'>>({ defaultValues: { ...fields, holders } });
  // The answers are kept beside the form: their values are of several types (text, choices, yes/no).
  const [answers, setAnswers] = useState<Answers>(knownAnswers);
  const [placeAnswers, setPlaceAnswers] = useState<Answers[]>(knownPlaceAnswers);
  const [answerError, setAnswerError] = useState<{ group: string; questionId: string; message: string } | null>(null);
  const placeGroups = questions.place.length ? Array.from({ length: places }, (_, index) => index) : [];
  const answersOfPlace = (index: number) => placeAnswers[index] ?? {};
  // A refusal is said until the buyer changes an answer of its group.
  const forget = (group: string) => setAnswerError((current) => (current?.group === group ? null : current));
  const setAnswersOfPlace = (index: number, next: Answers) => {
    forget(`place-${index}`);
    setPlaceAnswers((current) => Array.from({ length: places }, (_, i) => (i === index ? next : (current[i] ?? {}))));
  };
  /** The first refused answer, the order's first, then each place's in order. */
  const checkAnswers = () => {
    const groups = [
      { group: 'order', asked: questions.order, given: answers },
      ...placeGroups.map((index) => ({
        group: `place-${index}`,
        asked: questions.place,
        given: answersOfPlace(index),
      })),
    ];
    for (const { group, asked, given } of groups) {
      const issue = firstAnswerIssue(asked, given);
      if (issue) return { group, ...issue };
    }
    return null;
  };
  const placeQuestionFields = (index: number): ReactNode =>
    questions.place.length > 0 && (
      <AnswerFields
        group={`place-${index}`}
        questions={questions.place}
        answers={answersOfPlace(index)}
        onChange={(next) => setAnswersOfPlace(index, next)}
        error={answerError?.group === `place-${index}` ? answerError : null}
      />
    );
  const { errors } = form.formState;
  const i = checkoutStepsFr.information;
  // `cutNote` is said under a field that shows the account's name cut, while it does.
  const nameField = (field: 'lastName' | 'firstName', cutNote: string) => ({
    withAsterisk: true,
    maxLength: BUYER_NAME_MAX,
    description:
      user && isBuyerNameCut(user[field]) && form.watch(field) === fitBuyerName(user[field]) ? cutNote : undefined,
    inputWrapperOrder: NOTE_BEFORE_ERROR,
    error: errors[field]?.message,
    ...form.register(field),
  });
  // A logged-in buyer's e-mail and birth date are the account's.
  const accountField = (field: 'email' | 'birthDate') => ({
    withAsterisk: true,
    readOnly: Boolean(user),
    error: errors[field]?.message,
    ...form.register(field),
  });

  const wantsCompany = form.watch('wantsCompanyInvoice');
  const companyField = (name: CompanyField) => ({
    ...form.register(`company.${name}`),
    error: errors.company?.[name]?.message,
  });

  const submit = form.handleSubmit((values) => {
    if (showRuleError(form, firstBuyerError(values, { needsStudies: event.isNeedsUserStudies }))) return;
    for (const [index, holder] of values.holders.entries()) {
      const issue = holderIssue(holder);
      if (issue) {
        form.setError(`holders.${index}.${issue.field}`, { message: issue.message }, { shouldFocus: true });
        return;
      }
    }
    const refused = checkAnswers();
    setAnswerError(refused);
    if (refused) {
      document.getElementById(answerFieldId(refused.group, refused.questionId))?.focus();
      return;
    }
    const companyError = values.wantsCompanyInvoice ? firstCompanyInvoiceError(values.company) : null;
    if (companyError) {
      form.setError(`company.${companyError.field}`, { message: companyError.message }, { shouldFocus: true });
      return;
    }
    const answered = { ...values, answers, placeAnswers: placeGroups.map(answersOfPlace) };
    if (user) return onNext(answered, 'payment');
    const email = normalizeEmail(values.email);
    if (accountCreatedFor === email) return onNext(answered, 'code');
    lookup.mutate(email, {
      onSuccess: ({ hasAccount }) => onNext(answered, hasAccount ? 'proof' : 'password'),
    });
  });

  // The first message of the spec's order, repeated above the buttons for screen readers.
  const companyErrors = Object.values(errors.company ?? {}) as { message?: string }[];
  const holderErrors = (errors.holders ?? []) as (
    | { firstName?: { message?: string }; lastName?: { message?: string } }
    | undefined
  )[];
  const firstError =
    Object.values(errors).find((error) => error?.message)?.message ??
    companyErrors[0]?.message ??
    holderErrors.map((error) => error?.firstName?.message ?? error?.lastName?.message).find(Boolean) ??
    answerError?.message ??
    lookup.error?.message;

  return (
    <StepForm title={checkoutStepsFr.steps.information} focus={focus} onSubmit={submit}>
      <TextInput label={fr.auth.lastName} autoComplete="family-name" {...nameField('lastName', i.lastNameCut)} />
      <TextInput label={fr.auth.firstName} autoComplete="given-name" {...nameField('firstName', i.firstNameCut)} />
      <TextInput label={fr.auth.email} type="email" autoComplete="email" {...accountField('email')} />
      <TextInput label={fr.auth.birthDate} type="date" autoComplete="bday" {...accountField('birthDate')} />
      {user && (
        <Text size="sm" c="dimmed">
          {i.loggedInNote}
        </Text>
      )}
      {event.isNeedsUserStudies && (
        <NativeSelect
          label={i.studies}
          withAsterisk
          data={studies.data ?? [...STUDIES]}
          error={errors.studies?.message}
          {...form.register('studies')}
        />
      )}
      <PlaceHolderFields
        count={holders.length}
        input={(index, field) => ({
          // The first place is most often the buyer's: the browser may fill it as theirs.
          ...(index === 0 && { autoComplete: field === 'firstName' ? 'given-name' : 'family-name' }),
          error: errors.holders?.[index]?.[field]?.message,
          ...form.register(`holders.${index}.${field}`),
        })}
        extra={placeQuestionFields}
      />
      {questions.order.length > 0 && (
        <Fieldset legend={questionsFr.booking.orderTitle}>
          <AnswerFields
            group="order"
            questions={questions.order}
            answers={answers}
            onChange={(next) => {
              forget('order');
              setAnswers(next);
            }}
            error={answerError?.group === 'order' ? answerError : null}
          />
        </Fieldset>
      )}
      {holders.length === 0 &&
        placeGroups.map((index) => (
          <Fieldset key={index} legend={questionsFr.booking.placeTitle(index + 1)}>
            {placeQuestionFields(index)}
          </Fieldset>
        ))}
      <Checkbox
        label={invoicesFr.company.checkbox}
        description={invoicesFr.company.checkboxHelp}
        {...form.register('wantsCompanyInvoice')}
      />
      <Collapse in={wantsCompany}>{wantsCompany && <CompanyFields field={companyField} />}</Collapse>
      <FormError message={firstError} />
      <StepButtons onBack={onBack} loading={lookup.isPending} />
    </StepForm>
  );
}
