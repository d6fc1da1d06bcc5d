import { Badge, Button, Card, FileInput, Group, MultiSelect, Select, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ConsoleAnnouncement, ConsoleNewsItem } from '@moneybox/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleSession } from '../../../auth/console-session';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { confirmBox } from '../../../components/message';
import { languageLabels } from '../../../i18n/languages';
import { useDocumentTitle } from '../../../layouts/page-title';
import { consoleTime } from '../shell/console-time';
import { NEWS_LANGS, droppedLanguages, emptyNewsForm, formOf, languagesOf, publishInput, targetProblem, toBase64, updateInput, type NewsForm, type NewsKind, type NewsLang, type Upload } from './news-form';
import { NewsPreview } from './NewsPreview';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';
import { useConsoleMay } from '../shell/ConsoleGuard';

const KINDS: readonly NewsKind[] = ['news', 'event', 'poster', 'regulation'];
/** Below this the segmented choices stand one above the other: side by side they would cut their words. */
const NARROW = '(max-width: 40em)';

/** /operator/news: publish news, event news, posters and regulations to the stores in scope; the items with edit (the same editor, filled) and withdraw; the admin's announcements. */
export default function ConsoleNewsPage() {
  const { t } = useTranslation(['console', 'common']);
  useDocumentTitle(t('console:news.title'));
  // What the account may do here is the matrix's (CONSOLE_CALLS `who`, as /operator/me lists it), not a list of roles.
  const may = useConsoleMay();
  const mayPublish = may('/operator/newsPublish') === true;
  const items = useApiQuery('/operator/news', {});
  const [editing, setEditing] = useState<ConsoleNewsItem | null>(null);
  const editor = useRef<HTMLDivElement>(null);
  const edit = (item: ConsoleNewsItem) => {
    setEditing(item);
    editor.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz="h3">
        {t('console:news.title')}
      </Title>
      <div ref={editor}>{mayPublish && <PublishCard key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />}</div>
      <ItemsCard items={items.data?.list ?? []} mayWithdraw={mayPublish} onEdit={edit} />
      {may('/operator/announcements') === true && <AnnouncementsCard />}
    </Stack>
  );
}

/** The editor: a new item, or (editing) a published one filled with its content and saved through /operator/newsUpdate. */
function PublishCard({ editing, onDone }: { editing: ConsoleNewsItem | null; onDone: () => void }) {
  const { t } = useTranslation(['console', 'common']);
  const role = consoleSession()?.role;
  const write = useWrite();
  const { busy, error, setError, run } = useConsoleAction();
  const [form, setForm] = useState<NewsForm>(() => (editing ? formOf(editing) : emptyNewsForm()));
  const [lang, setLang] = useState<NewsLang>('en');
  const distributors = useApiQuery('/operator/distributors', {}, { enabled: role === 'admin' });
  const set = (patch: Partial<NewsForm>) => setForm((f) => ({ ...f, ...patch }));
  const setText = (l: NewsLang, patch: Partial<NewsForm['texts'][NewsLang]>) => setForm((f) => ({ ...f, texts: { ...f.texts, [l]: { ...f.texts[l], ...patch } } }));
  // The preview shows the chosen images by their names, as a store will from the server.
  const [urls, setUrls] = useState<Array<{ name: string; url: string }>>([]);
  const [files, setFiles] = useState<Array<Upload & { file: File }>>([]);
  useEffect(() => {
    const made = files.filter((f) => f.role === 'image').map((f) => ({ name: f.name, url: URL.createObjectURL(f.file) }));
    setUrls(made);
    return () => made.forEach((m) => URL.revokeObjectURL(m.url));
  }, [files]);
  /** Files of a role chosen in a language's tab (null: the shared images) replace those chosen there before. */
  const choose = async (role: Upload['role'], fileLang: NewsLang | null, list: File[]) => {
    const chosen = await Promise.all(list.map(async (file) => ({ role, lang: fileLang, name: file.name, file, data: toBase64(new Uint8Array(await file.arrayBuffer())) })));
    setFiles((old) => [...old.filter((f) => f.role !== role || f.lang !== fileLang), ...chosen]);
  };
  const chosen = (role: Upload['role'], fileLang: NewsLang | null) => files.filter((f) => f.role === role && f.lang === fileLang).map((f) => f.file);
  const publish = async () => {
    if (languagesOf(form).length === 0) return setError(t('console:news.needTitle'));
    const lacking = targetProblem(form);
    if (lacking) return setError(t(`console:news.${lacking}`));
    const done = await run(() => write('/operator/newsPublish', publishInput(form, files)), t('console:news.published'));
    if (done) {
      setForm(emptyNewsForm());
      setFiles([]);
    }
  };
  const save = async (item: ConsoleNewsItem) => {
    if (droppedLanguages(item, form).length > 0) return setError(t('console:news.keepLanguage'));
    const lacking = targetProblem(form);
    if (lacking) return setError(t(`console:news.${lacking}`));
    if (await run(() => write('/operator/newsUpdate', updateInput(item, form, files)), t('console:news.saved'))) onDone();
  };
  const documents = form.kind === 'poster' || form.kind === 'regulation';
  const narrow = useMediaQuery(NARROW) ?? false;
  return (
    <ConsoleCard title={editing ? t('console:news.editing') : t('console:news.publish')} titleGap="sm" testId={editing ? 'console-news-editing' : undefined}>
      <Stack gap="sm">
        <SegmentedControl
          disabled={editing !== null}
          data={KINDS.map((k) => ({ value: k, label: t(`console:news.kinds.${k}`) }))}
          value={form.kind}
          onChange={(v) => set({ kind: v as NewsKind })}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth
          data-testid="console-news-kind"
        />
        {form.kind === 'event' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t('console:news.eventName')} description={editing ? t('console:news.eventNameFixed') : t('console:news.eventNameHint')} disabled={editing !== null} value={form.eventName} onChange={(e) => set({ eventName: e.currentTarget.value })} data-testid="console-news-event" />
            <TextInput type="datetime-local" label={t('console:news.starts')} value={form.eventStarts} onChange={(e) => set({ eventStarts: e.currentTarget.value })} data-testid="console-news-starts" />
            <TextInput type="datetime-local" label={t('console:news.ends')} value={form.eventEnds} onChange={(e) => set({ eventEnds: e.currentTarget.value })} data-testid="console-news-ends" />
          </SimpleGrid>
        )}
        <Tabs value={lang} onChange={(v) => v && setLang(v as NewsLang)} keepMounted={false}>
          <Tabs.List>
            {NEWS_LANGS.map((l) => (
              <Tabs.Tab key={l} value={l} data-testid={`console-news-tab-${l}`}>
                {languageLabels[l]}
                {form.texts[l].title.trim() !== '' ? ' ✓' : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {NEWS_LANGS.map((l) => (
            <Tabs.Panel key={l} value={l} pt="sm">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Stack gap="xs">
                  <TextInput label={t('console:news.titleField')} value={form.texts[l].title} onChange={(e) => setText(l, { title: e.currentTarget.value })} maxLength={200} data-testid={`console-news-title-${l}`} />
                  <Textarea
                    label={t('console:news.body')}
                    description={t('console:news.bodyHint')}
                    value={form.texts[l].body}
                    onChange={(e) => setText(l, { body: e.currentTarget.value })}
                    rows={10}
                    resize="vertical"
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    data-testid={`console-news-body-${l}`}
                  />
                </Stack>
                <Stack gap="xs">
                  <Text fz="sm" fw={500}>
                    {t('console:news.preview')}
                  </Text>
                  <NewsPreview lang={l} title={form.texts[l].title || t('console:news.untitled')} body={form.texts[l].body} images={urls} />
                </Stack>
              </SimpleGrid>
              {documents && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
                  <FilePick
                    label={t('console:news.documentOf', { lang: languageLabels[l] })}
                    hint={`${t('console:news.documentHint')} ${t('console:news.perLanguageHint')}`}
                    accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
                    value={chosen('document', l)}
                    onPick={(list) => void choose('document', l, list)}
                    testId={`console-news-document-${l}`}
                  />
                  {form.kind === 'poster' && (
                    <FilePick
                      label={t('console:news.thumbnailOf', { lang: languageLabels[l] })}
                      hint={t('console:news.thumbnailHint')}
                      accept="image/png,image/jpeg,image/gif,image/webp"
                      value={chosen('thumbnail', l)}
                      onPick={(list) => void choose('thumbnail', l, list)}
                      testId={`console-news-thumbnail-${l}`}
                    />
                  )}
                </SimpleGrid>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
        {!documents && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FilePick label={t('console:news.images')} hint={t('console:news.imagesHint')} accept="image/png,image/jpeg,image/gif,image/webp" multiple value={chosen('image', null)} onPick={(list) => void choose('image', null, list)} testId="console-news-images" />
          </SimpleGrid>
        )}
        {editing && editing.files.length > 0 && (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="console-news-files-now">
            {t('console:news.filesNow', { names: editing.files.map((f) => (f.lang ? `${f.name} (${languageLabels[f.lang]})` : f.name)).join(', ') })}
          </Text>
        )}
        <TargetPicker form={form} set={set} distributors={distributors.data?.list ?? []} />
        <ActionAlert error={error} testId="console-news-error" />
        <Group justify="flex-end">
          {editing ? (
            <>
              <Button variant="default" onClick={onDone} data-testid="console-news-cancel">
                {t('console:news.cancel')}
              </Button>
              <Button onClick={() => void save(editing)} loading={busy} data-testid="console-news-save">
                {t('console:news.save')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void publish()} loading={busy} data-testid="console-news-publish">
              {t('console:news.publishButton')}
            </Button>
          )}
        </Group>
      </Stack>
    </ConsoleCard>
  );
}

interface FilePickProps {
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  /** The files chosen (kept by the editor, so a tab shown again shows its choice). */
  value: File[];
  onPick: (files: File[]) => void;
  testId: string;
}

function FilePick({ label, hint, accept, multiple, value, onPick, testId }: FilePickProps) {
  // Mantine's FileInput rather than the browser's own, whose button and "no file" text are in the browser's language.
  const { t } = useTranslation('console');
  const picked = (v: File | File[] | null) => onPick(v === null ? [] : Array.isArray(v) ? v : [v]);
  return (
    <FileInput
      label={label}
      description={hint}
      placeholder={t(multiple ? 'news.chooseFiles' : 'news.chooseFile')}
      accept={accept}
      multiple={multiple}
      value={multiple ? value : (value[0] ?? null)}
      clearable
      onChange={picked}
      data-testid={testId}
      inputWrapperOrder={['label', 'input', 'description']}
    />
  );
}

/** Each target's label (the `console:news` text). */
const TARGET_LABEL = { all: 'targetAll', mine: 'targetMine', distributor: 'targetDistributor', stores: 'targetStores' } as const;

/**
 * Whom an item goes to: every store (admin), all of the distributor's own stores ("All my stores": its
 * stores as bound when published), a distributor's stores (admin), or the stores picked from the
 * account's own (searched by name or kiosk id), never kiosk ids typed.
 */
function TargetPicker({ form, set, distributors }: { form: NewsForm; set: (p: Partial<NewsForm>) => void; distributors: ReadonlyArray<{ id: number; username: string }> }) {
  const { t } = useTranslation('console');
  const session = consoleSession();
  const role = session?.role;
  const stores = useApiQuery('/operator/stores', {});
  const options = useMemo(() => {
    if (role === 'admin') return (['all', 'distributor', 'stores'] as const).map((v) => ({ value: v, label: t(`news.${TARGET_LABEL[v]}`) }));
    return (['mine', 'stores'] as const).map((v) => ({ value: v, label: t(`news.${TARGET_LABEL[v]}`) }));
  }, [role, t]);
  const picks = useMemo(() => (stores.data?.list ?? []).map((s) => ({ value: String(s.kid), label: `${s.name} (${s.kid})` })), [stores.data]);
  // A picked store no longer in the list (an item edited after a store moved) stays shown by its kiosk id.
  const data = [...picks, ...form.kids.filter((k) => !picks.some((p) => p.value === String(k))).map((k) => ({ value: String(k), label: String(k) }))];
  const choose = (v: string) => set(v === 'mine' ? { target: 'mine', distributorId: String(session?.uid ?? '') } : { target: v as NewsForm['target'], ...(form.target === 'mine' && { distributorId: '' }) });
  const narrow = useMediaQuery(NARROW) ?? false;
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        {t('news.target')}
      </Text>
      <SegmentedControl data={options} value={form.target} onChange={choose} orientation={narrow ? 'vertical' : 'horizontal'} fullWidth data-testid="console-news-target" />
      {form.target === 'distributor' && (
        <Select
          label={t('news.distributor')}
          data={distributors.map((d) => ({ value: String(d.id), label: d.username }))}
          value={form.distributorId || null}
          onChange={(v) => set({ distributorId: v ?? '' })}
          data-testid="console-news-distributor"
        />
      )}
      {form.target === 'stores' && (
        <MultiSelect
          label={t('news.storesPick')}
          description={t('news.storesPickHint')}
          data={data}
          value={form.kids.map(String)}
          onChange={(v) => set({ kids: v.map(Number) })}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('news.storesNone')}
          maxDropdownHeight={280}
          data-testid="console-news-stores"
        />
      )}
    </Stack>
  );
}

function ItemsCard({ items, mayWithdraw, onEdit }: { items: ConsoleNewsItem[]; mayWithdraw: boolean; onEdit: (item: ConsoleNewsItem) => void }) {
  const { t } = useTranslation(['console', 'common']);
  const write = useWrite();
  const { error, run } = useConsoleAction();
  const withdraw = async (item: ConsoleNewsItem, title: string) => {
    if (!(await confirmBox(t('console:news.withdrawConfirm', { title })))) return;
    await run(() => write('/operator/newsWithdraw', { id: item.id }), t('console:news.withdrawn'));
  };
  return (
    <ConsoleCard title={t('console:news.items')} titleGap="sm">
      <ActionAlert error={error} mb="sm" />
      {items.length === 0 && <Text c="dimmed">{t('console:news.noItems')}</Text>}
      <Stack gap="xs">
        {items.map((item) => {
          const title = (item.texts.find((x) => x.lang === 'en') ?? item.texts[0])?.title ?? '';
          return (
            <Card key={item.id} withBorder padding="sm" data-testid={`console-news-item-${item.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light">{t(`console:news.kinds.${item.kind}`)}</Badge>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Text>
                  </Group>
                  <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {consoleTime(item.published_at)} · {item.texts.map((x) => languageLabels[x.lang]).join(', ')} · {item.all_stores ? t('console:news.targetAll') : t('console:news.kioskList', { kids: item.kids.join(', ') })}
                  </Text>
                  {item.event && (
                    <Text fz="sm" c="dimmed">
                      {t('console:news.eventPeriod', { name: item.event.name, from: consoleTime(item.event.starts_at), to: consoleTime(item.event.ends_at) })}
                    </Text>
                  )}
                </Stack>
                {mayWithdraw && (
                  <Group gap="xs">
                    <Button variant="light" size="compact-md" onClick={() => onEdit(item)} data-testid={`console-news-edit-${item.id}`}>
                      {t('console:news.edit')}
                    </Button>
                    <Button variant="light" color="red" size="compact-md" onClick={() => void withdraw(item, title)} data-testid={`console-news-withdraw-${item.id}`}>
                      {t('console:news.withdraw')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          );
        })}
      </Stack>
    </ConsoleCard>
  );
}

const LAYOUTS = [0, 1, 2, 3, 4, 5, 6];

/** The marquee's announcements (admin): each with the layouts it shows on; new ones, edit (the same form, filled) and withdraw. */
function AnnouncementsCard() {
  const { t } = useTranslation(['console', 'common']);
  const list = useApiQuery('/operator/announcements', {});
  const write = useWrite();
  const { busy, error, run } = useConsoleAction();
  const [msg, setMsg] = useState('');
  const [modes, setModes] = useState<number[]>(LAYOUTS);
  const [editing, setEditing] = useState<ConsoleAnnouncement | null>(null);
  const toggle = (m: number) => setModes((old) => (old.includes(m) ? old.filter((x) => x !== m) : [...old, m].sort()));
  const reset = () => {
    setEditing(null);
    setMsg('');
    setModes(LAYOUTS);
  };
  const edit = (a: ConsoleAnnouncement) => {
    setEditing(a);
    setMsg(a.msg);
    setModes([...a.modes].sort());
  };
  const create = async () => {
    if (await run(() => write('/operator/announcementCreate', { msg, modes }), t('console:news.announced'))) setMsg('');
  };
  const save = async (a: ConsoleAnnouncement) => {
    if (await run(() => write('/operator/announcementUpdate', { id: a.id, msg, modes }), t('console:news.announcementSaved'))) reset();
  };
  return (
    <ConsoleCard title={t('console:news.announcements')} hint={t('console:news.announcementsHint')}>
      <Stack gap="xs">
        {editing && (
          <Text fz="sm" fw={600} data-testid="console-announce-editing">
            {t('console:news.editAnnouncement')}
          </Text>
        )}
        <TextInput label={t('console:news.message')} value={msg} onChange={(e) => setMsg(e.currentTarget.value)} maxLength={500} data-testid="console-announce-msg" />
        <Text fz="sm" fw={500}>
          {t('console:news.layouts')}
        </Text>
        <Group gap={6} wrap="wrap" role="group" aria-label={t('console:news.layouts')}>
          {LAYOUTS.map((m) => (
            <Button key={m} size="compact-md" variant={modes.includes(m) ? 'filled' : 'default'} aria-pressed={modes.includes(m)} onClick={() => toggle(m)} data-testid={`console-announce-layout-${m}`}>
              {m}
            </Button>
          ))}
        </Group>
        <ActionAlert error={error} />
        <Group justify="flex-end">
          {editing ? (
            <>
              <Button variant="default" onClick={reset} data-testid="console-announce-cancel">
                {t('console:news.cancel')}
              </Button>
              <Button onClick={() => void save(editing)} loading={busy} disabled={msg.trim() === '' || modes.length === 0} data-testid="console-announce-save">
                {t('console:news.save')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void create()} loading={busy} disabled={msg.trim() === '' || modes.length === 0} data-testid="console-announce">
              {t('console:news.announce')}
            </Button>
          )}
        </Group>
        {(list.data?.list ?? []).map((a) => (
          <Group key={a.id} justify="space-between" wrap="wrap" gap="xs" data-testid={`console-announcement-${a.id}`}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text style={{ overflowWrap: 'anywhere' }} c={a.active ? undefined : 'dimmed'} td={a.active ? undefined : 'line-through'}>
                {a.msg}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('console:news.layoutList', { modes: a.modes.join(', ') })} · {consoleTime(a.created_at)}
              </Text>
            </Stack>
            {a.active && (
              <Group gap="xs">
                <Button variant="light" size="compact-md" onClick={() => edit(a)} data-testid={`console-announce-edit-${a.id}`}>
                  {t('console:news.edit')}
                </Button>
                <Button variant="light" color="red" size="compact-md" onClick={() => void run(() => write('/operator/announcementWithdraw', { id: a.id }), t('console:news.withdrawn'))}>
                  {t('console:news.withdraw')}
                </Button>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </ConsoleCard>
  );
}
