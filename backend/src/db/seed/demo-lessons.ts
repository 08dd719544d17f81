// Demo Family Worship weeks written for this product (dates are given when seeded). One is a
// Broadcast week, one has extra topics, so every part of the lesson card shows.
import type { LessonFields } from '@fw/contracts';

export const DEMO_LESSONS: readonly Omit<LessonFields, 'date'>[] = [
  {
    broadcast: false,
    title: 'Joseph forgives his brothers',
    text: 'Read Genesis 45:1-15. Joseph had every reason to stay angry. Talk about what helped him see God’s hand in his story, and name one hurt in your own family that could be let go this week.',
    extras: [
      {
        title: 'For younger children',
        text: 'Act out the moment Joseph tells his brothers who he is. How do you think they felt? How did Joseph feel?',
      },
    ],
  },
  {
    broadcast: false,
    title: 'Ruth chooses loyal love',
    text: 'Read Ruth 1:8-18. Ruth could have gone home to an easier life. Ask each person: What does it look like to stick with someone when it costs you something?',
    extras: [],
  },
  { broadcast: true, title: '', text: '', extras: [] },
  {
    broadcast: false,
    title: 'Nehemiah rebuilds the wall',
    text: 'Read Nehemiah 4:6-23. The builders worked with one hand and held a weapon with the other. Discuss how your family can keep working on good things while facing discouragement.',
    extras: [
      {
        title: 'Family project',
        text: 'Choose one small job at home that everyone can do together this week, and plan when you will do it.',
      },
      {
        title: 'Prayer',
        text: 'Thank Jehovah for one person who encouraged you recently.',
      },
    ],
  },
  {
    broadcast: false,
    title: 'Jesus calms the storm',
    text: 'Read Mark 4:35-41. The disciples were afraid even with Jesus in the boat. Talk about the worries each of you carries, and read Philippians 4:6, 7 together.',
    extras: [],
  },
  {
    broadcast: false,
    title: 'The generous widow',
    text: 'Read Luke 21:1-4. Jesus noticed a gift others overlooked. What small things can each of you give this week, of time, attention or help, that Jehovah sees and values?',
    extras: [],
  },
];
