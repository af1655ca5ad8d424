#!/usr/bin/env python3
"""Writes hostile and broken pack archives for the pack tests.

usage: make_archives.py GOOD.tar.gz PACK-ID OUTDIR

From a good archive whose top folder is PACK-ID, writes into OUTDIR: truncated.tar.gz (the
first half), traversal.tar.gz (an entry ../evil), absolute.tar.gz (/tmp/evil), symlink.tar.gz
(a link to /etc and a file through it), hardlink.tar.gz (a hard link to /etc/passwd),
device.tar.gz (a character device), bomb.tar.gz (one 64 MB file of zeros), entries.tar.gz
(30,000 empty files), each otherwise a copy of the good pack. Then index.json for all of
them, with their true sizes and SHA-256.
"""
import hashlib
import io
import json
import os
import sys
import tarfile

good, pack, out = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)


def info(name, kind=tarfile.REGTYPE, size=0):
    member = tarfile.TarInfo(name)
    member.type = kind
    member.size = size
    member.mode = 0o644
    return member


def variant(name, extra):
    with tarfile.open(good, 'r:gz') as source, tarfile.open(os.path.join(out, name), 'w:gz') as target:
        for member in source.getmembers():
            target.addfile(member, source.extractfile(member) if member.isfile() else None)
        extra(target)


def zeros(target, size):
    class Zeros(io.RawIOBase):
        def __init__(self):
            self.left = size

        def readable(self):
            return True

        def readinto(self, buffer):
            count = min(len(buffer), self.left)
            buffer[:count] = b'\0' * count
            self.left -= count
            return count
    target.addfile(info(pack + '/zeros', size=size), io.BufferedReader(Zeros()))


data = open(good, 'rb').read()
open(os.path.join(out, 'good.tar.gz'), 'wb').write(data)
open(os.path.join(out, 'truncated.tar.gz'), 'wb').write(data[:len(data) // 2])
variant('traversal.tar.gz', lambda t: t.addfile(info(pack + '/../evil', size=4), io.BytesIO(b'evil')))
variant('absolute.tar.gz', lambda t: t.addfile(info('/tmp/hike-evil-absolute', size=4), io.BytesIO(b'evil')))


def symlink(t):
    link = info(pack + '/outside', tarfile.SYMTYPE)
    link.linkname = '/etc'
    t.addfile(link)
    t.addfile(info(pack + '/outside/hike-evil', size=4), io.BytesIO(b'evil'))


variant('symlink.tar.gz', symlink)


def hardlink(t):
    link = info(pack + '/passwd', tarfile.LNKTYPE)
    link.linkname = '/etc/passwd'
    t.addfile(link)


variant('hardlink.tar.gz', hardlink)


def device(t):
    node = info(pack + '/null', tarfile.CHRTYPE)
    node.devmajor, node.devminor = 1, 3
    t.addfile(node)


variant('device.tar.gz', device)
variant('bomb.tar.gz', lambda t: zeros(t, 64 << 20))


def entries(t):
    for index in range(30000):
        t.addfile(info('%s/many/%05d' % (pack, index)))


variant('entries.tar.gz', entries)

packs = []
for name in sorted(os.listdir(out)):
    if not name.endswith('.tar.gz'):
        continue
    blob = open(os.path.join(out, name), 'rb').read()
    packs.append({'id': pack, 'version': name[:-7], 'title': 'Test pack ' + name, 'directions': [['es', 'en']],
                  'modes': ['spa-eng'], 'size': len(blob), 'sha256': hashlib.sha256(blob).hexdigest(),
                  'url': name, 'license': 'GPL-2.0-only', 'source': 'test'})
json.dump({'format': 1, 'variants': packs}, open(os.path.join(out, 'variants.json'), 'w'), indent=1)
