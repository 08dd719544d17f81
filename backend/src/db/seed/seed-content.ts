// Demo content written for this product: published articles in every category, the three
// featured articles the footer links to (fixed ids), a couple of drafts, and some comments.
import type { CategoryName } from '@fw/contracts';
import { FEATURED_ARTICLES } from '@fw/contracts';

export interface SeedArticle {
  _id: string;
  title: string;
  subtitle: string;
  category: CategoryName;
  content: string;
  isPublished: boolean;
  createdAt: string;
}

export interface SeedComment {
  _id: string;
  article: string;
  name: string;
  content: string;
  isApproved: boolean;
  createdAt: string;
}

/** Joins the one-block-per-line source below into Quill's output shape (no whitespace between blocks). */
function quill(html: string): string {
  return html.trim().replace(/>\s*\n\s*</g, '><');
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  // ---- Featured (the footer links to these ids) ----
  {
    _id: FEATURED_ARTICLES[0].id,
    title: 'Gods Name',
    subtitle: 'The Creator has a personal name, and he invites us to know it and use it.',
    category: 'Truth',
    isPublished: true,
    createdAt: '2025-01-12T08:30:00.000Z',
    content: quill(`
<h2>A name, not just a title</h2>
<p>Words such as God, Lord and Almighty are titles. They describe position or power, much as "president" or "doctor" do. The Bible shows that the Creator also has a personal name, one that sets him apart from everyone else who has ever been called a god.</p>
<blockquote>Let people know that you, whose name is Jehovah, alone are the Most High over the whole earth. (Psalm 83:18)</blockquote>
<p>In Hebrew the name is written with four letters, often rendered in English as YHWH. It appears roughly 7,000 times in the ancient manuscripts of the Hebrew Scriptures, far more often than any other name. English Bibles have long spelled it "Jehovah," while some scholars prefer "Yahweh."</p>
<h3>Why is it missing from many Bibles?</h3>
<p>Over time a superstition grew up that the name was too holy to pronounce. Readers began saying a title in its place, and many translators followed that custom by printing "LORD" in capital letters wherever the name stood. As a result, millions of readers have never noticed how often the name appears.</p>
<h3>What the name tells us</h3>
<p>Many scholars connect the name with a Hebrew verb meaning "to become." That points to a God who becomes whatever is needed to carry out his purpose. When he makes a promise, he is able to bring it about.</p>
<h2>Why using his name matters</h2>
<ul>
<li><strong>Jesus made it a priority.</strong> The first request in his model prayer was that God's name be sanctified. (Matthew 6:9)</li>
<li><strong>It builds a personal friendship.</strong> We feel closer to someone whose name we know and use. (James 4:8)</li>
<li><strong>God chose it himself.</strong> He told Moses that this name would be remembered through all generations. (Exodus 3:15)</li>
<li><strong>It is tied to salvation.</strong> Everyone who calls on the name of Jehovah will be saved. (Romans 10:13)</li>
</ul>
<h2>For family discussion</h2>
<p>Look up Exodus 3:15 and Psalm 83:18 in the Bibles you have at home. Does each translation use the name, or does it print "LORD"? Talk together about how you could help a friend learn that God has a name and that he wants people to know him personally.</p>
`),
  },
  {
    _id: FEATURED_ARTICLES[1].id,
    title: 'His Kingdom',
    subtitle:
      'Jesus taught his followers to pray for a real government that will change life on earth.',
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-02-03T10:15:00.000Z',
    content: quill(`
<h2>The theme of Jesus' preaching</h2>
<p>Jesus spoke about many subjects, but one topic ran through all of his teaching: the Kingdom of God. He said he had been sent to declare its good news, and he trained his disciples to do the same. (Luke 4:43; Matthew 24:14)</p>
<p>Many people think of the Kingdom as a feeling in the heart or as a vague picture of heaven. The Bible describes it differently. It is a government, with a King, subjects, laws and a clear purpose.</p>
<h3>Who rules it?</h3>
<p>Isaiah foretold a child who would grow up to carry the responsibility of rulership, a Prince of Peace whose rule would never end. (Isaiah 9:6, 7) Jesus fulfilled that prophecy. After his resurrection he said that all authority in heaven and on earth had been given to him. (Matthew 28:18)</p>
<blockquote>During the days of those kings, the God of heaven will establish a kingdom that will never be destroyed. It will shatter all these kingdoms and bring them to an end, and it alone will stand for all time. (Daniel 2:44)</blockquote>
<h2>What the Kingdom will do</h2>
<p>Psalm 72 paints a picture of the ideal ruler. Read it and notice what his government accomplishes:</p>
<ul>
<li>He rescues the poor who cry for help and anyone who has no one else to turn to. (Psalm 72:12)</li>
<li>He frees people from oppression and violence. (Psalm 72:14)</li>
<li>Peace flourishes, and grain grows in abundance, even on the tops of the mountains. (Psalm 72:7, 16)</li>
<li>His name endures as long as the sun shines. (Psalm 72:17)</li>
</ul>
<p>No human leader, however sincere, has ever delivered all of that. The Kingdom can, because its King is perfect and its power comes from God himself.</p>
<h3>Citizens of the Kingdom</h3>
<p>Every government expects its citizens to respect its laws. Those who look forward to God's Kingdom learn its standards now and make them part of daily life. Jesus urged his listeners to keep seeking the Kingdom first, trusting that God would take care of their other needs. (Matthew 6:33)</p>
<h2>For family discussion</h2>
<p>Read Matthew 6:9, 10. Why do you think Jesus placed the Kingdom so near the beginning of his model prayer? Ask each family member to name one problem in the world that they look forward to seeing the Kingdom solve.</p>
`),
  },
  {
    _id: FEATURED_ARTICLES[2].id,
    title: 'Will Be Done',
    subtitle: "What it means to pray for God's will to take place on earth as it does in heaven.",
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-02-20T16:45:00.000Z',
    content: quill(`
<h2>A request with a big meaning</h2>
<p>Millions of people repeat the Lord's Prayer every day. Right after asking for God's Kingdom to come, Jesus taught his disciples to ask that God's will take place on earth just as it does in heaven. (Matthew 6:10) That short line raises a big question: What exactly is God's will for the earth?</p>
<h3>The original purpose</h3>
<p>The opening chapters of Genesis answer that question. God placed the first human couple in a garden and told them to fill the earth and look after it. (Genesis 1:28; 2:15) His plan was a global paradise filled with people who loved him and one another, living without sickness or death.</p>
<blockquote>The One who shaped and made the earth did not make it to stand empty; he designed it as a home for people. (Isaiah 45:18)</blockquote>
<p>The rebellion in Eden interrupted that plan, but it did not cancel it. God says that his word never returns to him without results; it always accomplishes what he sends it to do. (Isaiah 55:11)</p>
<h2>What will change when his will is done</h2>
<ol>
<li><strong>Wickedness will be gone.</strong> The upright will live on the earth, while those who refuse to change will be removed. (Proverbs 2:21, 22)</li>
<li><strong>The dead will return.</strong> Jesus promised that those in the memorial tombs will hear his voice. (John 5:28, 29)</li>
<li><strong>Pain and mourning will end.</strong> God will wipe away every tear, and death will be no more. (Revelation 21:4)</li>
<li><strong>The earth will be cared for.</strong> Instead of spoiling the planet, humans will tend it as God first intended. (Revelation 11:18)</li>
</ol>
<h3>Doing his will now</h3>
<p>Praying for God's will to be done is more than a request about the future. Jesus said that doing the will of the One who sent him was like food to him. (John 4:34) When we make choices that please God, at home, at school or at work, we show that we sincerely want his will to guide our lives even now.</p>
<h2>For family discussion</h2>
<p>Read Genesis 1:28 and Revelation 21:3, 4. How do these two passages, written more than fifteen centuries apart, fit together? Talk about one way each of you can do God's will this week.</p>
`),
  },

  // ---- Life ----
  {
    _id: '64f0000000000000000000a1',
    title: 'Calm in a Busy Week',
    subtitle: 'Bible principles that help a family slow down, set priorities and handle stress.',
    category: 'Life',
    isPublished: true,
    createdAt: '2025-03-02T07:45:00.000Z',
    content: quill(`
<h2>When the calendar fills up</h2>
<p>School, work, shopping, appointments, meetings and chores can crowd a week until there is no room left to breathe. Stress builds quietly, and before long parents are short-tempered and children are worn out. The Bible does not promise a life without pressure, but it offers practical wisdom for carrying it.</p>
<blockquote>A single handful enjoyed in quiet is worth more than two handfuls won by toil and striving after the wind. (Ecclesiastes 4:6)</blockquote>
<h3>Decide what matters most</h3>
<p>The apostle Paul encouraged Christians to make sure of the more important things. (Philippians 1:10) Sit down as a family and list the activities that fill your week. Then ask: Which of these really help us spiritually, emotionally and physically? Which could be reduced or dropped?</p>
<h3>Plan rest on purpose</h3>
<p>After a demanding season of preaching, Jesus invited his apostles to come away to a quiet place and rest a little. (Mark 6:31) He understood that tired people need time to recover. Rest rarely happens by accident; it has to be scheduled.</p>
<h2>Practical steps to try</h2>
<ul>
<li>Lay out clothes, bags and lunches the night before so mornings are calmer.</li>
<li>Keep one evening a week free of outside commitments.</li>
<li>Set a regular bedtime, for adults as well as children.</li>
<li>Put phones away during meals so conversation can flow.</li>
<li>Take worries to God in prayer instead of carrying them alone. (Philippians 4:6, 7)</li>
</ul>
<h3>One day at a time</h3>
<p>Jesus said that each day has enough troubles of its own. (Matthew 6:34) Much of our stress comes from trying to solve next month's problems today. Give attention to what needs doing now, and trust God to help with tomorrow when it arrives.</p>
<h2>For family discussion</h2>
<p>Ask each person: What part of our week feels the most rushed? What one change could make it more peaceful? Agree on one adjustment to try for the next month, and talk about how it went when the month is over.</p>
`),
  },
  {
    _id: '64f0000000000000000000a2',
    title: 'Money Without Worry',
    subtitle: 'How planning, contentment and generosity can ease financial pressure at home.',
    category: 'Life',
    isPublished: true,
    createdAt: '2025-04-07T09:00:00.000Z',
    content: quill(`
<h2>A common source of tension</h2>
<p>Few things cause as many family arguments as money. Rising prices, unexpected bills and pressure to keep up with others can leave parents anxious and children confused. The Bible is not a finance manual, yet its principles are remarkably practical.</p>
<h3>Plan before you spend</h3>
<p>Jesus once asked who would start building a tower without first sitting down to work out the cost. (Luke 14:28) A simple family budget applies that principle. Write down what comes in each month and what goes out. Many families are surprised to discover where their money actually goes.</p>
<blockquote>Careful planning by a diligent person leads to plenty, but rushing ahead leads straight to want. (Proverbs 21:5)</blockquote>
<h3>Be careful with debt</h3>
<p>The Bible observes that the borrower becomes a servant to the lender. (Proverbs 22:7) Buying on credit can feel easy, but interest and monthly payments can tie a family down for years. Where possible, save first and buy later.</p>
<h2>Steps that help</h2>
<ol>
<li>Track every expense for one month, even the small ones.</li>
<li>Separate needs from wants, and decide together which wants are worth it.</li>
<li>Set aside a small amount regularly for emergencies.</li>
<li>Teach children to handle pocket money by saving part of it.</li>
<li>Talk openly about finances so no one feels left out.</li>
</ol>
<h3>The value of contentment</h3>
<p>Paul wrote that godly devotion joined with contentment is a great gain, and that if we have food and clothing we can be satisfied. (1 Timothy 6:6-8) Contentment does not mean we never try to improve our situation. It means our happiness does not depend on owning more. God promises that he will never abandon those who rely on him. (Hebrews 13:5)</p>
<h3>Room for generosity</h3>
<p>Even on a tight budget, a family can find ways to give: sharing a meal, helping a neighbor or lending a hand with a repair. Jesus said that there is more happiness in giving than in receiving. (Acts 20:35)</p>
<h2>For family discussion</h2>
<p>Talk about something the family would like to save for. What could each person do to help reach that goal, and how will you celebrate when you get there?</p>
`),
  },
  {
    _id: '64f0000000000000000000a3',
    title: 'Talking With Teenagers',
    subtitle:
      'Listening well and teaching patiently keep communication open through the teen years.',
    category: 'Life',
    isPublished: true,
    createdAt: '2025-05-19T11:15:00.000Z',
    content: quill(`
<h2>When conversations get shorter</h2>
<p>Many parents notice that a chatty child grows quieter in the teen years. Answers shrink to a word or two, and bedroom doors close more often. This change is a normal part of growing up, but it does not have to end meaningful conversation.</p>
<blockquote>Let everyone be ready to listen, careful before speaking and slow to anger. (James 1:19)</blockquote>
<h3>Listen more than you speak</h3>
<p>Teenagers often test the waters with a small comment before sharing what really worries them. If a parent answers with a lecture, the conversation may end right there. Proverbs compares a person's thoughts to deep water and says that someone with discernment draws them out. (Proverbs 20:5) Ask questions, wait, and let silences be.</p>
<h3>Choose good moments</h3>
<p>Moses told Israelite parents to speak about God's words while sitting at home, walking on the road, lying down and getting up. (Deuteronomy 6:6, 7) Some of the best talks happen side by side rather than face to face: while driving, cooking or walking together.</p>
<h2>Habits that keep the door open</h2>
<ul>
<li>Give your full attention when your teen talks, even about small things.</li>
<li>Avoid overreacting. Calmly ask for more details before you respond.</li>
<li>Admit your own mistakes; it makes you easier to approach.</li>
<li>Explain the reasons behind house rules instead of only stating them.</li>
<li>Praise sincerely and specifically when you see good choices.</li>
</ul>
<h3>Discipline without discouragement</h3>
<p>The Bible tells fathers not to exasperate their children but to bring them up with the discipline and guidance of Jehovah. (Ephesians 6:4) Firm limits are still needed, but they work best in a home full of love, where a young person knows the parent is on their side.</p>
<h2>For family discussion</h2>
<p>Parents, ask your teens: When is the easiest time for you to talk to us? Teens, tell your parents one thing that helps you feel listened to. Then plan a regular activity you can enjoy together each week.</p>
`),
  },
  {
    _id: '64f0000000000000000000a4',
    title: 'A Marriage That Lasts',
    subtitle: 'Respect, forgiveness and shared spiritual goals help a couple stay close for life.',
    category: 'Life',
    isPublished: true,
    createdAt: '2025-06-25T20:10:00.000Z',
    content: quill(`
<h2>More than a wedding day</h2>
<p>A wedding lasts a day; a marriage is meant to last a lifetime. God designed marriage as a permanent bond in which husband and wife become one flesh. (Genesis 2:24; Matthew 19:6) Keeping that bond strong takes effort, but the Bible gives clear direction.</p>
<h3>Love and respect</h3>
<p>Paul told husbands to love their wives as themselves and wives to deeply respect their husbands. (Ephesians 5:33) Both partners need both qualities. Love shows itself in tenderness and care; respect shows itself in how we speak to and about our mate, especially when others are listening.</p>
<blockquote>Keep bearing with one another and forgive freely, even when someone has cause to complain. As Jehovah freely forgave you, you must do likewise. (Colossians 3:13)</blockquote>
<h3>Settle disagreements quickly</h3>
<p>Every couple disagrees at times. The Bible advises us not to let the sun go down while we are still angry. (Ephesians 4:26) That does not mean every problem must be solved before bedtime, but it does mean resentment should not be allowed to settle in overnight.</p>
<h2>Daily habits of a strong marriage</h2>
<ul>
<li>Take a few minutes each day to talk without distractions.</li>
<li>Say thank you for everyday things, such as a cooked meal or a repaired faucet.</li>
<li>Speak well of your mate to others.</li>
<li>Make important decisions together.</li>
<li>Pray together, and worship God together as a couple.</li>
</ul>
<h3>A threefold cord</h3>
<p>Ecclesiastes 4:12 notes that a cord of three strands is not quickly torn apart. When a husband and wife both put God at the center of their marriage, they have a third strand holding them together, one that adds strength when their own feelings are tested.</p>
<h2>For couples to discuss</h2>
<p>Sit down together and ask each other: What is one thing I do that makes you feel loved? What is one thing I could do better? Listen without defending yourself, and choose one small improvement to work on this month.</p>
`),
  },

  // ---- Spirit ----
  {
    _id: '64f0000000000000000000a5',
    title: 'Love That Acts',
    subtitle: 'Christian love is shown more by what we do than by what we say.',
    category: 'Spirit',
    isPublished: true,
    createdAt: '2025-01-28T18:20:00.000Z',
    content: quill(`
<h2>The identifying mark</h2>
<p>On the night before he died, Jesus told his disciples that everyone would recognize them as his followers if they had love among themselves. (John 13:35) He did not say people would know them by their buildings, their clothing or their ceremonies, but by love.</p>
<blockquote>Little children, let our love show itself in deeds and sincerity, not merely in talk. (1 John 3:18)</blockquote>
<h3>What love looks like</h3>
<p>Paul's well-known description of love in 1 Corinthians 13:4-7 is practical rather than sentimental. Notice how many of the qualities he lists are seen in everyday actions:</p>
<ul>
<li><strong>Patient and kind:</strong> giving others time and treating them gently.</li>
<li><strong>Not jealous or boastful:</strong> rejoicing when others do well instead of competing with them.</li>
<li><strong>Not easily provoked:</strong> refusing to take offense at every slight.</li>
<li><strong>Keeps no record of wrongs:</strong> letting go of past mistakes rather than storing them up.</li>
<li><strong>Endures all things:</strong> staying loyal through hard times.</li>
</ul>
<h3>Love at home first</h3>
<p>It can be easier to be kind to strangers than to the people we live with. Yet home is where love is tested most often. Cleaning up without being asked, listening to a younger sibling's long story or being the first to say sorry are small acts that build a loving family.</p>
<h3>Love beyond our circle</h3>
<p>Jesus pointed out that even people who do not serve God love those who love them back. (Matthew 5:46) Christian love goes further, reaching out to the lonely, the elderly, newcomers and even those who oppose us. The illustration of the good Samaritan shows that a true neighbor helps whoever is in need. (Luke 10:29-37)</p>
<h2>For family discussion</h2>
<p>Read 1 Corinthians 13:4-7 aloud. Have each family member pick one quality and think of a specific way to show it this week. At your next family worship, share how it went.</p>
`),
  },
  {
    _id: '64f0000000000000000000a6',
    title: 'Courage for Ordinary Days',
    subtitle:
      'Courage is not the absence of fear but trust in God that moves us to do what is right.',
    category: 'Spirit',
    isPublished: true,
    createdAt: '2025-03-21T19:30:00.000Z',
    content: quill(`
<h2>Everyday bravery</h2>
<p>When we think of courage, we may picture soldiers or firefighters. But much of the courage the Bible describes is quieter: telling the truth when a lie would be easier, saying no to a friend, or speaking about our faith to a classmate. These moments call for real bravery.</p>
<blockquote>Be strong and brave. Do not panic or lose heart, because Jehovah your God goes with you wherever you go. (Joshua 1:9)</blockquote>
<h3>Courage comes from trust</h3>
<p>Joshua was about to lead a nation into a land full of walled cities. God did not tell him the task would be easy. Instead, he reminded Joshua that he would be with him. Courage grows when we remember who is on our side.</p>
<h3>Courage can be asked for</h3>
<p>When the early disciples were threatened by the authorities, they did not pray for the threats to disappear. They asked God to help them keep speaking his word boldly. (Acts 4:29-31) We too can ask for courage before a difficult conversation or situation.</p>
<h2>Ways to build courage</h2>
<ol>
<li><strong>Prepare in advance.</strong> Think through what you will say if someone pressures you to do wrong.</li>
<li><strong>Remember past help.</strong> Recall times God has helped you, as David did before he faced Goliath. (1 Samuel 17:37)</li>
<li><strong>Choose good companions.</strong> Friends who share your values make it easier to stand firm. (Proverbs 13:20)</li>
<li><strong>Start small.</strong> Each time you act bravely in a small matter, you are training for larger ones.</li>
</ol>
<h3>When fear comes anyway</h3>
<p>Even faithful people feel afraid. David wrote that when he was afraid, he put his trust in God. (Psalm 56:3, 4) Feeling fear is not a failure; letting fear make our decisions is what we want to avoid.</p>
<h2>For family discussion</h2>
<p>Share a recent situation where each of you needed courage. What helped? Then act out one situation that could happen at school or work, and practice a calm, respectful response.</p>
`),
  },
  {
    _id: '64f0000000000000000000a7',
    title: 'The Strength of Humility',
    subtitle: "Humility is not weakness; it is a quality that brings peace and God's favor.",
    category: 'Spirit',
    isPublished: true,
    createdAt: '2025-05-05T17:40:00.000Z',
    content: quill(`
<h2>A misunderstood quality</h2>
<p>In a world that celebrates self-promotion, humility can look like weakness. The Bible presents it differently. Humility is the honest recognition that others have value and that we depend on God. It takes real strength to put others first.</p>
<blockquote>Act from neither rivalry nor vanity. Instead, humbly regard others as more important than yourselves, paying attention not just to your own interests but to theirs too. (Philippians 2:3, 4)</blockquote>
<h3>The greatest example</h3>
<p>Jesus, the Son of God, knelt down and washed the dusty feet of his apostles, a task usually left to the lowest servant in a house. Then he told them he had set a pattern for them to follow. (John 13:14, 15) If the most important person in the room could serve that way, so can we.</p>
<h3>What humility does</h3>
<ul>
<li>It makes us teachable, because we admit we do not know everything.</li>
<li>It helps us apologize and make peace after a disagreement.</li>
<li>It lets us rejoice in the success of others without envy.</li>
<li>It keeps us from comparing ourselves with others in a way that feeds pride.</li>
<li>It wins God's favor, for he opposes the proud but shows kindness to the humble. (1 Peter 5:5)</li>
</ul>
<h3>Humility in the family</h3>
<p>Parents show humility when they admit a mistake to their children. Children show it when they accept correction without sulking. Brothers and sisters show it when they let someone else go first. Each small act makes home more peaceful.</p>
<h3>A reward worth seeking</h3>
<p>Proverbs 22:4 says that humility and the fear of Jehovah lead to riches, honor and life. Those blessings may not come in the form the world expects, but they are real and lasting.</p>
<h2>For family discussion</h2>
<p>Read John 13:1-17. Why do you think Jesus chose such a practical way to teach humility? Choose one humble service each of you can do for another family member this week.</p>
`),
  },
  {
    _id: '64f0000000000000000000a8',
    title: 'Patience When It Is Hard',
    subtitle: "Patience is part of the fruit of God's spirit, and it can be cultivated day by day.",
    category: 'Spirit',
    isPublished: true,
    createdAt: '2025-07-14T15:00:00.000Z',
    content: quill(`
<h2>Waiting is not easy</h2>
<p>We live in a world of instant messages and same-day deliveries. Waiting in line, waiting for an answer or waiting for someone to change can test us. Yet patience is one of the qualities God's spirit produces in those who let it work in them. (Galatians 5:22, 23)</p>
<blockquote>How a matter ends is better than how it starts, and a patient spirit is better than a proud one. (Ecclesiastes 7:8)</blockquote>
<h3>Learning from a farmer</h3>
<p>James pointed to the farmer who waits for the valuable harvest, depending on the early and the late rains. (James 5:7, 8) The farmer does not dig up the seed each morning to see whether it is growing. He does his part and waits with confidence. Our spiritual growth, and that of others, often works the same way.</p>
<h3>God's own patience</h3>
<p>Peter explained that Jehovah is not slow about his promises, as some people think. He is patient because he wants people to have time to repent. (2 Peter 3:9) Thinking about how patient God has been with us can make us more patient with others.</p>
<h2>Practical ways to grow in patience</h2>
<ul>
<li>Pause and take a breath before responding when you feel irritated.</li>
<li>Remind yourself that others are also trying, even when they fall short.</li>
<li>Use waiting time well, perhaps to pray, read or think.</li>
<li>Keep realistic expectations of yourself and of others.</li>
<li>Ask God for his spirit, knowing that he gives it generously. (Luke 11:13)</li>
</ul>
<h3>Patience with ourselves</h3>
<p>Some of us are quick to forgive others but harsh with our own mistakes. Growth takes time. God sees our efforts, and he remembers that we are made of dust. (Psalm 103:14)</p>
<h2>For family discussion</h2>
<p>When do you find it hardest to be patient: in traffic, with a brother or sister, or while waiting for something you want? Talk about one situation and plan together what you could do differently next time.</p>
`),
  },

  // ---- Truth ----
  {
    _id: '64f0000000000000000000a9',
    title: 'Worship in Spirit and Truth',
    subtitle:
      'Jesus explained the kind of worship that pleases God, and it is not tied to one place.',
    category: 'Truth',
    isPublished: true,
    createdAt: '2025-02-11T07:00:00.000Z',
    content: quill(`
<h2>A conversation at a well</h2>
<p>Tired from a journey, Jesus sat down by a well in Samaria and began talking with a woman who had come to draw water. Their conversation turned to worship. Her people worshipped on a nearby mountain, while the Jews worshipped at the temple in Jerusalem. Which was right?</p>
<blockquote>The time is coming, and has now arrived, when true worshippers will worship the Father with spirit and truth; indeed, the Father is looking for people like that. God is a Spirit, and those who worship him must do so with spirit and truth. (John 4:23, 24)</blockquote>
<h3>With spirit</h3>
<p>Worship "with spirit" comes from the heart and is guided by God's holy spirit. It is not a matter of ritual or repetition. Jesus criticized those who honored God with their lips while their hearts were far away from him. (Matthew 15:8, 9)</p>
<h3>With truth</h3>
<p>Worship "with truth" rests on what God has revealed about himself in his Word. Jesus told his Father that His word is truth. (John 17:17) Sincerity matters, but it is not enough on its own; we also need accurate knowledge. (Romans 10:2)</p>
<h2>Marks of pure worship</h2>
<ul>
<li>It is based on the Bible rather than on human traditions. (Mark 7:7, 8)</li>
<li>It honors God's name and makes it known. (Matthew 6:9)</li>
<li>It is shown by genuine love among the worshippers. (John 13:35)</li>
<li>It shapes daily conduct, not only what happens at meetings. (James 1:27)</li>
<li>It includes sharing the good news of the Kingdom with others. (Matthew 24:14)</li>
</ul>
<h3>Worship every day</h3>
<p>Pure worship is not limited to a building or a weekly event. It includes how we treat our family, how we do our work and how we speak. Paul urged Christians to offer their whole lives to God as a living sacrifice. (Romans 12:1)</p>
<h2>For family discussion</h2>
<p>Read John 4:19-24. Why did it no longer matter on which mountain people worshipped? How can our family make worship part of every day, not just a single evening?</p>
`),
  },
  {
    _id: '64f0000000000000000000aa',
    title: 'What Happens at Death?',
    subtitle:
      "The Bible's clear explanation of the condition of the dead brings comfort, not fear.",
    category: 'Truth',
    isPublished: true,
    createdAt: '2025-04-15T14:25:00.000Z',
    content: quill(`
<h2>A question everyone asks</h2>
<p>Sooner or later, each of us faces the death of someone we love. Many religions teach that something inside a person lives on after death. Others teach that the dead watch over us or can even harm us. What does the Bible actually say?</p>
<blockquote>Those who are alive know that they will die, but the dead are aware of nothing at all. (Ecclesiastes 9:5)</blockquote>
<h3>Like a deep sleep</h3>
<p>When his friend Lazarus died, Jesus told his disciples that Lazarus had fallen asleep and that he was going to wake him. (John 11:11-14) Jesus compared death to sleep, a state of unconsciousness from which a person can be awakened. A psalm says that when a person's breath departs, on that day his thoughts come to an end. (Psalm 146:4)</p>
<h3>What the Bible does not teach</h3>
<ul>
<li>The dead are not suffering or in torment. (Ecclesiastes 9:10)</li>
<li>The dead are not watching over us, and they cannot harm us.</li>
<li>The dead do not return as spirits to communicate with the living.</li>
<li>Death is not God's way of taking people to be with him; the Bible calls it an enemy. (1 Corinthians 15:26)</li>
</ul>
<h3>Why this truth matters</h3>
<p>Knowing the real condition of the dead frees us from fear. We do not need to perform rituals to help them or to protect ourselves from them. It also shields us from practices the Bible warns against, such as trying to contact the dead. (Deuteronomy 18:10-12)</p>
<h2>A sure hope</h2>
<p>The Bible does not leave the matter there. Jesus raised Lazarus to show on a small scale what God will do on a much larger one. He promised that all those in the memorial tombs will hear his voice and come out. (John 5:28, 29) Death is not the end of the story.</p>
<h2>For family discussion</h2>
<p>Read John 11:11-14 and 11:38-44. Why do you think Jesus compared death to sleep? How could you use these verses to comfort a friend who has lost someone they love?</p>
`),
  },
  {
    _id: '64f0000000000000000000ab',
    title: 'Prayer That God Hears',
    subtitle: 'What the Bible teaches about whom to pray to, how to pray and what to pray about.',
    category: 'Truth',
    isPublished: true,
    createdAt: '2025-06-09T06:55:00.000Z',
    content: quill(`
<h2>An open invitation</h2>
<p>The Bible calls God the Hearer of prayer. (Psalm 65:2) He invites people to speak to him freely, at any hour, in any language and in any place. Still, the Scriptures teach some basic principles about prayers that please him.</p>
<h3>To whom should we pray?</h3>
<p>Jesus taught his followers to address their prayers to their Father in the heavens. (Matthew 6:9) He himself prayed to his Father and never told people to pray to him, to angels or to saints. At the same time, he explained that we approach the Father through him. (John 14:6, 13, 14)</p>
<blockquote>We can be confident that if we ask for anything that agrees with his will, he listens to us. (1 John 5:14)</blockquote>
<h3>How should we pray?</h3>
<p>Jesus warned against repeating the same words over and over, as if God had to be worn down. (Matthew 6:7) God values sincere, personal expressions that come from the heart. We can pray aloud or silently, standing, sitting or kneeling.</p>
<h2>What can we pray about?</h2>
<p>Jesus' model prayer shows a helpful order: first God's name, Kingdom and will, then our personal needs. (Matthew 6:9-13) Within that framework, we can include many things:</p>
<ol>
<li>Thanks for the blessings we receive each day.</li>
<li>Help to resist temptation and to make good decisions.</li>
<li>Forgiveness for our mistakes.</li>
<li>The needs of family members, friends and fellow believers.</li>
<li>Our anxieties, whether large or small. (1 Peter 5:7)</li>
</ol>
<h3>When answers seem slow</h3>
<p>Sometimes God answers in ways we do not expect, such as giving us strength to endure a problem rather than removing it. Paul pleaded three times about a painful difficulty and was told that God's undeserved kindness was enough for him. (2 Corinthians 12:8, 9)</p>
<h2>For family discussion</h2>
<p>Read Matthew 6:9-13 together. Take turns saying which part of the prayer means the most to you. Then let each person suggest one specific thing to include in the family prayer tonight.</p>
`),
  },
  {
    _id: '64f0000000000000000000ac',
    title: 'Who Is Jesus?',
    subtitle:
      "The Bible's own description of Jesus: his origin, his role and his bond with his Father.",
    category: 'Truth',
    isPublished: true,
    createdAt: '2025-08-04T10:40:00.000Z',
    content: quill(`
<h2>More than a good teacher</h2>
<p>Many people respect Jesus as a wise teacher or a moral example. The Bible presents him as far more than that. It describes a life before he was born on earth, a unique relationship with God and a role in God's purpose that affects every human.</p>
<h3>The firstborn of creation</h3>
<p>Colossians 1:15 calls Jesus the firstborn of all creation, and John 1:14 speaks of him as the only-begotten Son from the Father. Before coming to earth, he lived in heaven and worked alongside his Father. Jesus himself said that he had come down from heaven. (John 6:38)</p>
<blockquote>Everlasting life depends on coming to know you, the only true God, and Jesus Christ, the one you sent. (John 17:3)</blockquote>
<h3>The Son, not the Father</h3>
<p>Jesus consistently spoke of his Father as greater than himself and as the One who sent him. (John 14:28) He prayed to his Father, obeyed him and gave him the credit for what he taught. (John 7:16) When Peter identified Jesus as the Christ, the Son of the living God, Jesus said that the Father had revealed this to Peter. (Matthew 16:16, 17)</p>
<h2>What Jesus does for us</h2>
<ul>
<li><strong>He shows us the Father.</strong> Whoever has seen Jesus has, in effect, seen what God is like. (John 14:9)</li>
<li><strong>He gave his life as a ransom.</strong> His sacrifice opens the way to forgiveness and life. (Matthew 20:28)</li>
<li><strong>He is the King of God's Kingdom.</strong> He will bring the blessings the prophets foretold. (Luke 1:32, 33)</li>
<li><strong>He is our example.</strong> He left a model for us to follow closely in his steps. (1 Peter 2:21)</li>
</ul>
<h2>Getting to know him</h2>
<p>The four Gospels give a vivid portrait of how Jesus spoke, how he treated people and how he felt. Reading them slowly, one account at a time, is one of the best ways to grow close to him and, through him, to his Father.</p>
<h2>For family discussion</h2>
<p>Choose a favorite account from one of the Gospels and read it together. What does it reveal about Jesus' personality? What does it teach us about his Father?</p>
`),
  },

  // ---- Proof ----
  {
    _id: '64f0000000000000000000ad',
    title: 'Ahead of Its Time',
    subtitle:
      'Statements in the Bible about the natural world that agree with what science later confirmed.',
    category: 'Proof',
    isPublished: true,
    createdAt: '2025-02-26T12:10:00.000Z',
    content: quill(`
<h2>Not a science textbook, but accurate</h2>
<p>The Bible was written to teach about God and his purpose, not to explain physics or biology. Yet when it touches on the natural world, its statements are strikingly accurate, often at a time when popular beliefs were very different.</p>
<h3>The earth hangs on nothing</h3>
<p>Ancient peoples offered many explanations for what held up the earth: giant animals, pillars or a cosmic ocean. The book of Job, written more than three thousand years ago, simply says that God hangs the earth on nothing. Today we know that the earth travels through space held in its orbit by gravity, with no physical support at all.</p>
<blockquote>Over empty space he extends the northern sky; he hangs the earth on nothing at all. (Job 26:7)</blockquote>
<h3>The water cycle</h3>
<p>Scientists describe the water cycle in terms of evaporation, condensation and precipitation. The Bible describes the same process in everyday language:</p>
<ul>
<li>Rivers keep flowing into the sea, yet the sea never fills up, because the water goes back to where it came from. (Ecclesiastes 1:7)</li>
<li>God draws up drops of water, and they distill as rain from the mist. (Job 36:27, 28)</li>
<li>He calls the waters of the sea and pours them out on the face of the land. (Amos 9:6)</li>
</ul>
<h3>The circle of the earth</h3>
<p>Isaiah 40:22 speaks of God dwelling above the circle of the earth. The Hebrew word used there can also carry the idea of something round or spherical. Seen from space, the earth always appears as a circle, whatever the angle.</p>
<h3>Health and hygiene</h3>
<p>The Law given through Moses required isolating people with certain contagious diseases, washing after touching a dead body and burying waste outside the camp. (Leviticus 13:45, 46; Numbers 19:11-13; Deuteronomy 23:12, 13) These rules reflected principles of hygiene that medicine did not widely adopt until the nineteenth century.</p>
<h2>Why it matters</h2>
<p>A book written by many men over many centuries could easily have absorbed the mistaken ideas of its day. That the Bible did not is one reason many thoughtful people are convinced it comes from God.</p>
<h2>For family discussion</h2>
<p>Read Job 26:7 and Ecclesiastes 1:7. Which of these examples do you find most convincing? How could you explain one of them to a schoolmate?</p>
`),
  },
  {
    _id: '64f0000000000000000000ae',
    title: 'Stones That Speak',
    subtitle: 'Archaeological finds that confirm people and places described in the Bible.',
    category: 'Proof',
    isPublished: true,
    createdAt: '2025-05-27T13:50:00.000Z',
    content: quill(`
<h2>Digging into history</h2>
<p>For a long time, some critics claimed that many people and places mentioned in the Bible were legends. Over the past two centuries, however, archaeologists have uncovered inscriptions and ruins that match the Bible's record in surprising detail.</p>
<h3>The house of David</h3>
<p>Some scholars once doubted that King David ever existed. In 1993, excavators at Tel Dan in northern Israel found part of a stone monument from the ninth century B.C.E. that mentions the "house of David," an expression for his royal line. It was the first time his name had been found outside the Bible.</p>
<h3>Hezekiah's tunnel</h3>
<p>The Bible says that King Hezekiah brought water into Jerusalem through a channel. (2 Chronicles 32:30) A tunnel more than 500 meters long still runs beneath the city. An inscription found inside it in 1880 describes how two teams of workers dug from opposite ends and met in the middle.</p>
<blockquote>As for the rest of Hezekiah's history, his mighty deeds and how he made the pool and the conduit to bring water into the city, is it not written in the book of the history of the kings of Judah? (2 Kings 20:20)</blockquote>
<h3>Other confirmations</h3>
<ul>
<li><strong>Pontius Pilate:</strong> A stone found at Caesarea in 1961 bears his name and his title as Roman governor of Judea.</li>
<li><strong>The Pool of Siloam:</strong> Steps of the pool where Jesus sent a blind man to wash were uncovered in Jerusalem in 2004. (John 9:7)</li>
<li><strong>Cyrus of Persia:</strong> A clay cylinder records his policy of letting captive peoples return to their homelands, in harmony with Ezra 1:1-4.</li>
<li><strong>Sennacherib's campaign:</strong> Assyrian records describe his invasion of Judah and mention Hezekiah by name, yet never claim that Jerusalem was captured. (2 Kings 19:32-36)</li>
</ul>
<h3>What archaeology can and cannot do</h3>
<p>Archaeology cannot prove that God exists or that the Bible is inspired. But again and again it shows that the Bible writers described real people, real places and real events. A book so careful with history deserves to be taken seriously when it speaks about God.</p>
<h2>For family discussion</h2>
<p>Choose one of these discoveries and look for a photograph of it together. Why do you think details like these strengthen confidence in the Bible?</p>
`),
  },
  {
    _id: '64f0000000000000000000af',
    title: "Babylon's Fall Foretold",
    subtitle:
      'Isaiah described the conquest of Babylon, and even named its conqueror, long in advance.',
    category: 'Proof',
    isPublished: true,
    createdAt: '2025-08-18T18:05:00.000Z',
    content: quill(`
<h2>A mighty city</h2>
<p>In the sixth century B.C.E., Babylon was the capital of a world power. Massive walls and the Euphrates River protected it, and its rulers felt secure. Yet long before Babylon reached its height, the prophet Isaiah foretold its defeat in remarkable detail.</p>
<h3>The conqueror named in advance</h3>
<p>Isaiah recorded his prophecy in the eighth century B.C.E. In it, God speaks of a ruler called Cyrus, who would subdue nations and before whom city gates would stand open. (Isaiah 45:1) Cyrus the Great of Persia was not born until well over a century after Isaiah wrote.</p>
<blockquote>Jehovah speaks to Cyrus, his anointed, whose right hand he holds to subdue nations before him: I will open doors ahead of him, so that no gate stays shut. (Isaiah 45:1)</blockquote>
<h3>Details that came true</h3>
<ul>
<li><strong>Waters dried up:</strong> Isaiah 44:27 has God telling the deep waters to dry up. Ancient historians report that Cyrus's army diverted the Euphrates so that soldiers could enter along the riverbed.</li>
<li><strong>Gates left open:</strong> According to those same accounts, the gates along the river had been left unguarded during a night of feasting.</li>
<li><strong>A sudden fall:</strong> The book of Daniel records that Babylon fell on the very night King Belshazzar held a great banquet. (Daniel 5:1, 30)</li>
<li><strong>The date:</strong> The city fell to the Medes and Persians in 539 B.C.E.</li>
</ul>
<h3>A long-term prophecy</h3>
<p>Isaiah also foretold that Babylon would eventually become desolate and never be inhabited again. (Isaiah 13:19, 20) Over the following centuries the city declined until it lay in ruins. Today visitors can walk among its remains, but it is not a living city.</p>
<h2>Why it matters</h2>
<p>Human experts struggle to predict events even a few years ahead. The Bible contains prophecies written generations in advance that came true in detail. God himself points to this as evidence that he alone is God: he tells the end from the beginning. (Isaiah 46:10)</p>
<h2>For family discussion</h2>
<p>Read Isaiah 44:27 to 45:2 and Daniel 5:30, 31. Which detail of the prophecy do you find most striking? How does fulfilled prophecy build confidence in promises that are still to come?</p>
`),
  },
  {
    _id: '64f0000000000000000000b0',
    title: 'One Message, Many Writers',
    subtitle:
      'About forty writers over some sixteen centuries produced a book with one consistent theme.',
    category: 'Proof',
    isPublished: true,
    createdAt: '2025-10-06T12:30:00.000Z',
    content: quill(`
<h2>An unusual book</h2>
<p>The Bible is really a library of 66 books. Its writers included a shepherd, a tax collector, a physician, fishermen, kings and priests. They lived in different lands and centuries, wrote in three languages and, for the most part, never met one another. Yet their writings share one harmonious message.</p>
<h3>A single theme</h3>
<p>From Genesis to Revelation, the Bible develops one central theme: God will prove his right to rule and, through his Kingdom, will restore what was lost in Eden. The promise of an offspring in Genesis 3:15 is traced through Abraham, David and finally Jesus, and it reaches its conclusion in the closing chapters of Revelation.</p>
<blockquote>Every part of Scripture comes from God's own breath and serves to teach, to reprove, to set things right and to train people in righteousness. (2 Timothy 3:16)</blockquote>
<h3>Honest writers</h3>
<p>Another mark of authenticity is candor. Bible writers recorded the faults of their heroes and even their own mistakes. Moses wrote about his own failure at Meribah. (Numbers 20:12) The Gospel writers reported that the apostles argued about who was greatest and ran away when Jesus was arrested. (Mark 9:33, 34; 14:50) People inventing a story to glorify themselves would hardly do that.</p>
<h3>Carefully preserved</h3>
<p>How do we know the text has not changed over the centuries? Consider the following:</p>
<ul>
<li>The Dead Sea Scrolls, found from 1947 onward, include a complete scroll of Isaiah about a thousand years older than the oldest Hebrew copy previously known, and its text is substantially the same.</li>
<li>Thousands of ancient Greek manuscripts of the Christian Scriptures allow scholars to compare them and confirm the original wording.</li>
<li>Jewish scribes developed careful methods, such as counting letters, to avoid copying errors.</li>
</ul>
<h2>The explanation</h2>
<p>The apostle Peter explained that the prophets spoke from God as they were moved by holy spirit. (2 Peter 1:21) The Bible's unity is best explained by a single Author guiding many writers.</p>
<h2>For family discussion</h2>
<p>Trace the promise of Genesis 3:15 through Genesis 22:18, Luke 1:32, 33 and Galatians 3:16. How does seeing the big picture strengthen your confidence in the Bible?</p>
`),
  },

  // ---- Hope ----
  {
    _id: '64f0000000000000000000b1',
    title: 'The Resurrection Hope',
    subtitle:
      "God's promise to bring the dead back to life offers real comfort to those who grieve.",
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-04-21T08:05:00.000Z',
    content: quill(`
<h2>Grief and hope</h2>
<p>Losing someone we love is one of life's deepest pains. Even Jesus wept at the tomb of his friend Lazarus, though he knew he was about to raise him. (John 11:35) The Bible does not ask us to hide our grief, but it gives us a solid reason for hope.</p>
<blockquote>Do not be surprised by this: a time is coming when everyone in the memorial tombs will hear his voice and come out. (John 5:28, 29)</blockquote>
<h3>Resurrections that already happened</h3>
<p>The Bible records several resurrections as proof of what God can do:</p>
<ul>
<li>Elijah raised the son of a widow in Zarephath. (1 Kings 17:17-24)</li>
<li>Jesus raised the daughter of Jairus, a girl of twelve. (Mark 5:35-42)</li>
<li>Jesus raised a widow's only son during the funeral procession at Nain. (Luke 7:11-15)</li>
<li>Jesus called Lazarus out of the tomb after four days. (John 11:38-44)</li>
<li>Peter raised Dorcas, a woman loved for her good works. (Acts 9:36-41)</li>
</ul>
<h3>Who will be raised?</h3>
<p>Paul expressed his hope that there would be a resurrection of both the righteous and the unrighteous. (Acts 24:15) That means even people who never had an opportunity to learn about God will be given that chance.</p>
<h3>God longs to do it</h3>
<p>Job, in the middle of terrible suffering, said that God would call and he would answer, and that God would long to see the work of his hands again. (Job 14:14, 15) Our Creator does not forget those who have died. He remembers them perfectly and looks forward to restoring them.</p>
<h2>Living with this hope</h2>
<p>The resurrection hope does not erase sorrow, but it changes it. Paul wrote that Christians do not grieve the way people with no hope do. (1 Thessalonians 4:13) Picturing the reunions to come can bring comfort on difficult days.</p>
<h2>For family discussion</h2>
<p>Read Mark 5:35-42. Imagine how Jairus and his wife felt. Is there someone you especially want to welcome back in the resurrection? Talk about what you would say to them.</p>
`),
  },
  {
    _id: '64f0000000000000000000b2',
    title: 'A World Without Pain',
    subtitle: 'The Bible promises a time when sickness, sorrow and death will be gone for good.',
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-07-02T09:35:00.000Z',
    content: quill(`
<h2>Is that realistic?</h2>
<p>Hospitals, funerals and painful news are part of life for every family. It can be hard to imagine a world without them. Yet the Bible describes exactly that, not as wishful thinking but as a promise from the One who created life in the first place.</p>
<blockquote>He will wipe every tear from their eyes. Death will be gone, and so will mourning, crying and pain, because the old order of things has passed away. (Revelation 21:4)</blockquote>
<h3>Health restored</h3>
<p>Isaiah foretold a time when no one living in the land will say, "I am sick." (Isaiah 33:24) He also described the blind seeing, the deaf hearing, the lame leaping like a deer and the speechless shouting for joy. (Isaiah 35:5, 6) Jesus gave a preview of this when he cured all kinds of illnesses, often for people no doctor could help.</p>
<h3>Emotional pain healed</h3>
<p>Not all suffering is physical. Depression, loneliness and painful memories weigh heavily on many. God promises that the former troubles will not be remembered or come back to mind. (Isaiah 65:17) Life will be so good that old wounds will no longer haunt us.</p>
<h2>What will be gone</h2>
<ul>
<li>Sickness and disability</li>
<li>Old age and its weaknesses (Job 33:25)</li>
<li>Hunger and poverty (Psalm 72:16)</li>
<li>War and violence (Psalm 46:9)</li>
<li>Death itself (1 Corinthians 15:26)</li>
</ul>
<h3>Why we can believe it</h3>
<p>God has both the power and the desire to fulfill these promises. The Bible describes him as the God who cannot lie. (Titus 1:2) The same God who kept his word to Abraham, Moses and David will keep his word to us.</p>
<h3>Comfort for today</h3>
<p>While we wait, God does not leave us alone with our pain. He is close to the brokenhearted and gives strength to the weary. (Psalm 34:18; Isaiah 40:29) Holding on to his promises helps us endure with hope rather than despair.</p>
<h2>For family discussion</h2>
<p>Read Revelation 21:3-5. Which of these promises means the most to you personally? How could you share this hope with someone who is suffering right now?</p>
`),
  },
  {
    _id: '64f0000000000000000000b3',
    title: 'Peace on Earth at Last',
    subtitle: "God's Kingdom will accomplish what no peace treaty has ever achieved.",
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-09-15T07:25:00.000Z',
    content: quill(`
<h2>The longing for peace</h2>
<p>History is full of wars, and each generation hopes the next will be different. Peace conferences, treaties and international organizations have all tried, but conflict continues. The Bible explains why human efforts fall short and points to the only lasting solution.</p>
<blockquote>They will beat their swords into plow blades and their spears into pruning tools. No nation will lift a sword against another, and they will never again train for war. (Isaiah 2:4)</blockquote>
<h3>Why human efforts fail</h3>
<p>Jeremiah observed that humans do not have the ability to direct their own steps. (Jeremiah 10:23) Greed, pride and fear drive conflicts, and no human government has been able to change the heart. Only God can do that, by teaching people his ways.</p>
<h3>Peace at every level</h3>
<ul>
<li><strong>Between nations:</strong> God will make wars cease to the ends of the earth. (Psalm 46:9)</li>
<li><strong>In communities:</strong> Everyone will sit under his own vine and fig tree, and no one will make them afraid. (Micah 4:4)</li>
<li><strong>With animals:</strong> The wolf will lie down with the lamb, and nothing will harm or destroy. (Isaiah 11:6-8)</li>
<li><strong>Within people:</strong> The earth will be filled with the knowledge of Jehovah, changing how people think and act. (Isaiah 11:9)</li>
</ul>
<h3>A preview today</h3>
<p>Isaiah's words about swords and plows are already coming true on a small scale. Among those who learn God's ways, people from nations that were once enemies now worship together as brothers and sisters. They have chosen to live peaceably with everyone, as far as it depends on them. (Romans 12:18)</p>
<h3>Peace begins at home</h3>
<p>The peace God promises for the whole earth can start in our own families. Speaking gently, forgiving quickly and listening before reacting are ways to live now by the standards of the coming world.</p>
<h2>For family discussion</h2>
<p>Read Isaiah 11:6-9 and draw a picture of the scene it describes. What can our family do now to be peacemakers at home, at school and in the neighborhood? (Matthew 5:9)</p>
`),
  },
  {
    _id: '64f0000000000000000000b4',
    title: 'The Earth Will Last Forever',
    subtitle:
      'The Bible teaches that our planet has a future, and so do the people who care for it.',
    category: 'Hope',
    isPublished: true,
    createdAt: '2025-11-10T16:15:00.000Z',
    content: quill(`
<h2>Worries about the future</h2>
<p>News about climate, pollution and vanishing species leaves many young people anxious about whether the earth has a future at all. Some religions teach that the planet will one day be burned up. What does the Bible say?</p>
<blockquote>One generation leaves and another arrives, but the earth remains for all time. (Ecclesiastes 1:4)</blockquote>
<h3>A permanent home</h3>
<p>The Bible repeatedly describes the earth as lasting. God set it on firm foundations, and it will never be moved. (Psalm 104:5) He made it to be lived in, not to be left empty. (Isaiah 45:18) Jesus said that the mild-tempered will inherit the earth. (Matthew 5:5)</p>
<h3>Who will live there?</h3>
<p>Psalm 37:29 says that the righteous will possess the earth and live on it forever. Those who love God and their neighbor will enjoy the planet as it was always meant to be enjoyed.</p>
<h2>What God promises to do</h2>
<ol>
<li>Bring to ruin those who are ruining the earth. (Revelation 11:18)</li>
<li>Replace corrupt human rule with his Kingdom. (Daniel 2:44)</li>
<li>Teach people to care for the earth as its stewards. (Genesis 2:15)</li>
<li>Make the land yield its produce in abundance. (Psalm 67:6)</li>
</ol>
<h3>What about the earth being "burned up"?</h3>
<p>Some point to 2 Peter 3:10 to argue that the planet itself will be destroyed. But the context compares the coming destruction to the Flood of Noah's day, which ended a world of wicked people, not the planet. (2 Peter 3:5-7) The "earth" that will be destroyed refers to ungodly human society.</p>
<h3>Caring for it now</h3>
<p>While we wait for God to act, we can show appreciation for his creation by not wasting resources and by keeping our surroundings clean. These small habits reflect the respect God's people will show the earth forever.</p>
<h2>For family discussion</h2>
<p>Take a walk outside together and notice the details of creation. Then read Psalm 37:10, 11, 29. What are you most looking forward to seeing on a paradise earth?</p>
`),
  },

  // ---- Drafts ----
  {
    _id: '64f0000000000000000000b5',
    title: 'Screens and Family Time',
    subtitle:
      'Balancing phones, tablets and television so they serve the family rather than rule it.',
    category: 'Life',
    isPublished: false,
    createdAt: '2025-11-24T21:00:00.000Z',
    content: quill(`
<h2>Helpful tools, hungry habits</h2>
<p>Phones, tablets and televisions can be wonderful tools. They let us read the Bible, keep in touch with relatives and learn new skills. But without limits, they can quietly take over evenings and weekends, leaving little time for conversation or shared activities.</p>
<blockquote>Pay close attention to how you live, not as foolish people but as wise ones, making the most of your time. (Ephesians 5:15, 16)</blockquote>
<h3>Signs that screens are taking over</h3>
<ul>
<li>Meals are eaten in silence, each person looking at a device.</li>
<li>Bedtimes slip later and mornings feel rushed.</li>
<li>Family members get irritable when asked to put a device down.</li>
<li>Spiritual activities are squeezed out of the week.</li>
</ul>
<h3>Setting wise limits</h3>
<p>The psalmist resolved not to put anything worthless in front of his eyes. (Psalm 101:3) That principle applies both to what we watch and to how long we watch. Parents may decide on screen-free places, such as the dinner table and bedrooms, and screen-free times, such as the hour before sleep.</p>
<h3>Lead by example</h3>
<p>Children notice when parents say one thing and do another. If a parent checks messages during family worship, a child learns that the phone comes first. Parents who put their own devices away set the tone for the whole household.</p>
<h3>Fill the space</h3>
<p>Cutting back on screens works best when something good takes their place. Plan board games, walks, cooking together or visits to friends. Many families find that they enjoy one another more once the glow of the screens fades.</p>
<h2>For family discussion</h2>
<p>Keep track of how much time each family member spends on screens for one week. Then decide together on one screen-free time and one screen-free place, and review how it is going after a month.</p>
`),
  },
  {
    _id: '64f0000000000000000000b6',
    title: 'Gratitude Every Day',
    subtitle: "Why thankfulness matters to God and how it can change a family's outlook.",
    category: 'Spirit',
    isPublished: false,
    createdAt: '2025-12-08T19:45:00.000Z',
    content: quill(`
<h2>One out of ten</h2>
<p>Jesus once healed ten men of leprosy. All ten hurried off to show themselves to the priests, as the Law required, but only one came back to thank him, and he was a Samaritan. Jesus asked where the other nine were. (Luke 17:11-19) His question shows that gratitude matters to God.</p>
<blockquote>Let the peace of the Christ govern your hearts, since you were called to that peace as one body. And be thankful. (Colossians 3:15)</blockquote>
<h3>Gratitude changes our outlook</h3>
<p>Complaining comes naturally; thankfulness usually takes effort. When we train ourselves to notice good things, our mood and our relationships improve. Paul encouraged Christians to give thanks in every circumstance. (1 Thessalonians 5:18)</p>
<h3>Ways to practice gratitude</h3>
<ol>
<li>End each day by naming three things you are thankful for.</li>
<li>Include specific thanks in your prayers, not only requests.</li>
<li>Write a short note to someone who has helped you.</li>
<li>Thank family members for ordinary things, such as a meal or a tidy room.</li>
<li>Remember God's past help when you face new problems. (Psalm 103:2)</li>
</ol>
<h3>Gratitude in hard times</h3>
<p>Being thankful does not mean pretending everything is fine. Even in difficult circumstances, we can be grateful for God's support, for friends who care and for the hope he gives. Paul and Silas sang praises to God while locked in prison. (Acts 16:25)</p>
<h2>For family discussion</h2>
<p>Start a family gratitude jar. Each day, everyone writes one thing they appreciate on a slip of paper. At the end of the month, read them aloud together during family worship.</p>
`),
  },
];

export const SEED_COMMENTS: readonly SeedComment[] = [
  {
    _id: '64f0000000000000000000c1',
    article: FEATURED_ARTICLES[0].id,
    name: 'Maria',
    content:
      'I never realized how often the name appears in the original text. Thank you for explaining it so clearly.',
    isApproved: true,
    createdAt: '2025-01-14T19:05:00.000Z',
  },
  {
    _id: '64f0000000000000000000c2',
    article: FEATURED_ARTICLES[0].id,
    name: 'Daniel',
    content:
      'We compared Exodus 3:15 in three different translations during family worship. The children loved spotting the differences!',
    isApproved: true,
    createdAt: '2025-01-20T20:30:00.000Z',
  },
  {
    _id: '64f0000000000000000000c3',
    article: FEATURED_ARTICLES[0].id,
    name: 'Grace',
    content: 'This is exactly what I needed to answer a question a coworker asked me last week.',
    isApproved: false,
    createdAt: '2025-03-03T12:40:00.000Z',
  },
  {
    _id: '64f0000000000000000000c4',
    article: FEATURED_ARTICLES[1].id,
    name: 'Samuel',
    content:
      'Psalm 72 has become one of my favorite chapters. What a picture of a ruler who really cares about people.',
    isApproved: true,
    createdAt: '2025-02-08T08:15:00.000Z',
  },
  {
    _id: '64f0000000000000000000c5',
    article: FEATURED_ARTICLES[2].id,
    name: 'Joel',
    content: "A beautiful reminder that God's purpose for the earth has never changed.",
    isApproved: false,
    createdAt: '2025-02-24T17:50:00.000Z',
  },
  {
    _id: '64f0000000000000000000c6',
    article: '64f0000000000000000000a1',
    name: 'Ruth',
    content:
      'Keeping one evening a week free has made such a difference for us. We actually talk at dinner now.',
    isApproved: true,
    createdAt: '2025-03-10T21:10:00.000Z',
  },
  {
    _id: '64f0000000000000000000c7',
    article: '64f0000000000000000000a2',
    name: 'Peter',
    content: 'Tracking every expense for a month was eye-opening. Thanks for the practical tips.',
    isApproved: true,
    createdAt: '2025-04-19T10:25:00.000Z',
  },
  {
    _id: '64f0000000000000000000c8',
    article: '64f0000000000000000000a3',
    name: 'Nathan',
    content:
      'The idea of talking side by side instead of face to face works with my son. Our best talks happen in the car.',
    isApproved: false,
    createdAt: '2025-06-02T18:00:00.000Z',
  },
  {
    _id: '64f0000000000000000000c9',
    article: '64f0000000000000000000a6',
    name: 'Abigail',
    content:
      'My daughter practiced what to say at school, and it gave her so much confidence. Thank you!',
    isApproved: true,
    createdAt: '2025-03-29T16:35:00.000Z',
  },
  {
    _id: '64f0000000000000000000ca',
    article: '64f0000000000000000000b1',
    name: 'Thomas',
    content:
      'We lost my grandmother this spring. Reading John 5:28, 29 together as a family brought us real comfort.',
    isApproved: true,
    createdAt: '2025-05-01T07:50:00.000Z',
  },
  {
    _id: '64f0000000000000000000cb',
    article: '64f0000000000000000000ae',
    name: 'Esther',
    content:
      "My son was fascinated by Hezekiah's tunnel. We spent the evening looking up photos of it and of the inscription.",
    isApproved: true,
    createdAt: '2025-06-07T19:20:00.000Z',
  },
  {
    _id: '64f0000000000000000000cc',
    article: '64f0000000000000000000b2',
    name: 'Lydia',
    content:
      'Isaiah 35:5, 6 is the scripture I hold on to for my father, who is losing his sight. Thank you for this encouraging article.',
    isApproved: true,
    createdAt: '2025-07-09T13:05:00.000Z',
  },
];
