// One lesson as the Family page shows it: the date as a heading, the main topic and its text, then the
// extra title/text pairs that are present. Broadcast weeks have the title "Broadcast" and no text.
// The archive uses one heading level lower; the look comes from classes, so both lists match.
import { isBroadcast, lessonExtras } from '@fw/contracts/lessons';
import { useRef } from 'react';
import { ListenControl } from '../read-aloud/index.ts';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import type { LocalLesson } from '../../db/db.ts';
import { CitedText } from '../bible/index.ts';
import { lessonAnchor } from '../../lib/paths.ts';
import styles from './FamilyWorshipPage.module.css';

export function LessonCard({ lesson, label, headingLevel = 2 }: { lesson: LocalLesson; label?: string | null; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Topic = headingLevel === 2 ? 'h3' : 'h4';
  const textRef = useRef<HTMLDivElement>(null);
  return (
    <li id={lessonAnchor(lesson._id)} tabIndex={-1} className={styles.card} data-testid={headingLevel === 2 ? 'lesson' : 'past-lesson'} data-date={lesson.date} data-citations>
      {/* What Listen reads: the lesson without its own controls. */}
      <div ref={textRef}>
        <Heading className={styles.date}>
          {lesson.D}
          {label ? <span className={styles.label}>{label}</span> : null}
          {lesson.pending ? <PendingBadge /> : null}
        </Heading>
        <Topic className={isBroadcast(lesson) ? `${styles.topic} ${styles.broadcast}` : styles.topic}>{lesson.T}</Topic>
        {lesson.R ? (
          <p>
            <CitedText text={lesson.R} citations={lesson.scripture?.R} />
          </p>
        ) : null}
        {lessonExtras(lesson).map((extra, index) => (
          <div key={index} className={styles.extra}>
            <Topic className={styles.topic}>{extra.title}</Topic>
            {extra.text ? (
              <p>
                <CitedText text={extra.text} citations={lesson.scripture?.[`R${index + 1}` as 'R1']} />
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {isBroadcast(lesson) ? null : (
        <div className={styles.listen}>
          <ListenControl rootRef={textRef} placeKey={`lesson:${lesson._id}`} name={`${lesson.D}: ${lesson.T}`} />
        </div>
      )}
    </li>
  );
}
