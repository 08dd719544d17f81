// Ask a yes/no question from an event handler: `if (await confirm({ title, text })) …`.
import { useCallback, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface ConfirmQuestion {
  title: string;
  text: string;
  yesLabel?: string;
  noLabel?: string;
}

interface Question extends ConfirmQuestion {
  resolve: (yes: boolean) => void;
}

export function useConfirm() {
  const [question, setQuestion] = useState<Question | null>(null);
  const confirm = useCallback(
    (q: ConfirmQuestion) => new Promise<boolean>((resolve) => setQuestion({ ...q, resolve })),
    [],
  );
  const answer = (yes: boolean) => {
    question?.resolve(yes);
    setQuestion(null);
  };
  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={question?.title ?? ''}
      text={question?.text ?? ''}
      onYes={() => answer(true)}
      onNo={() => answer(false)}
      yesLabel={question?.yesLabel}
      noLabel={question?.noLabel}
    />
  );
  return { confirm, dialog };
}
