import { Button, Group, Menu, Modal, TextInput } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type BrowseView } from './browseState';
import { type ViewStore } from './viewStore';

/** Named views of a form: save the current filters and layout under a name, pick one, remove one. */
export function ViewsMenu({
  store,
  current,
  onApply,
  onReset,
}: {
  store: ViewStore;
  current: BrowseView;
  onApply(view: BrowseView): void;
  onReset(): void;
}) {
  const [names, setNames] = useState(() => store.listNamed());
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    store.saveNamed(trimmed, current);
    setNames(store.listNamed());
    setNaming(false);
    setName('');
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />}>
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {names.length > 0 && <Menu.Label>Saved views</Menu.Label>}
          {names.map((saved) => (
            <Menu.Item
              key={saved}
              onClick={() => {
                const view = store.loadNamed(saved);
                if (view) onApply(view);
              }}
              rightSection={
                <IconTrash
                  size={14}
                  role="button"
                  aria-label={`Remove view ${saved}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    store.removeNamed(saved);
                    setNames(store.listNamed());
                  }}
                />
              }
            >
              {saved}
            </Menu.Item>
          ))}
          {names.length > 0 && <Menu.Divider />}
          <Menu.Item leftSection={<IconBookmarkPlus size={16} />} onClick={() => setNaming(true)}>
            Save current view…
          </Menu.Item>
          <Menu.Item leftSection={<IconRestore size={16} />} onClick={onReset}>
            Reset to default
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save view" size="sm" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            maxLength={80}
          />
          <Group justify="flex-end" mt="md">
            <Button type="submit" disabled={!name.trim()}>
              Save
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
