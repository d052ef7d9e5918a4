import type {
  AnswersUpdated,
  AnswersUpdateRequest,
  PlaceAnswers,
  QuestionList,
  QuestionRequest,
  QuestionSaved,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

export const questionKeys = {
  list: (eventId: string) => ['questions', 'list', eventId] as const,
  answers: (participationId: string) => ['questions', 'answers', participationId] as const,
};

/** The organiser's questions to the event's buyers (issue 30). */
export function useQuestions(eventId: string) {
  return useQuery({
    queryKey: questionKeys.list(eventId),
    queryFn: () => api<QuestionList>('GET', `/console/events/${id(eventId)}/questions`),
  });
}

/** Adds a question, or changes one when `questionId` is given; the list is read again. */
export function useSaveQuestion(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string | null; body: QuestionRequest }) =>
      questionId
        ? api<QuestionSaved>('PATCH', `/console/events/${id(eventId)}/questions/${id(questionId)}`, body)
        : api<QuestionSaved>('POST', `/console/events/${id(eventId)}/questions`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: questionKeys.list(eventId) }),
  });
}

export function useDeleteQuestion(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      api<void>('DELETE', `/console/events/${id(eventId)}/questions/${id(questionId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: questionKeys.list(eventId) }),
  });
}

/** A place's questions and the answers given, read when the buyer opens them on /myTickets. */
export function usePlaceAnswers(participationId: string, enabled: boolean) {
  return useQuery({
    queryKey: questionKeys.answers(participationId),
    queryFn: () => api<PlaceAnswers>('GET', `/me/participations/${id(participationId)}/answers`),
    enabled,
  });
}

export function useChangeAnswers(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswersUpdateRequest) =>
      api<AnswersUpdated>('PUT', `/me/participations/${id(participationId)}/answers`, body),
    onSuccess: (saved) => client.setQueryData(questionKeys.answers(participationId), saved),
  });
}
