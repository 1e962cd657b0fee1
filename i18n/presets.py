"""The rule presets' names, the one table of them (catalog keys ``preset.<id>``).

Every preset of ``engine.rules.PRESETS`` and ``SCORING_PRESETS`` has its names here (a test
holds the lists equal); the command choices, the lobby, the rules sheet and the terminal all read them
through :func:`preset_name`.
"""

from __future__ import annotations

from typing import Final

from i18n import has, register, t

# preset id: (zh-Hans, zh-Hant, en)
PRESET_NAMES: Final[dict[str, tuple[str, str, str]]] = {
    "heyuan-zheng": ("河源百搭·正百搭", "河源百搭·正百搭", "Heyuan Baida (pattern)"),
    "heyuan-jihu": ("河源百搭·鸡胡百搭", "河源百搭·雞胡百搭", "Heyuan Baida (chicken)"),
    "guangdong": ("广东鸡平胡", "廣東雞平胡", "Guangdong Chicken Hand"),
    "shanghai": ("上海百搭", "上海百搭", "Shanghai Baida"),
    "beijing": ("北京麻将", "北京麻將", "Beijing Mahjong"),
    "quzhou": ("衢州邋遢胡", "衢州邋遢胡", "Quzhou Latahu"),
    "sichuan": ("四川血战到底", "四川血戰到底", "Sichuan Bloody Battle"),
    "changsha": ("长沙麻将", "長沙麻將", "Changsha Mahjong"),
    "guobiao": ("国标麻将", "國標麻將", "Guobiao (Chinese Official)"),
    "baoding": ("保定麻将", "保定麻將", "Baoding Mahjong"),
    "riichi": ("日本立直麻将", "日本立直麻將", "Riichi Mahjong"),
    "taiwan": ("台湾十六张", "台灣十六張", "Taiwanese 16-Tile"),
    "hefei": ("合肥麻将", "合肥麻將", "Hefei Mahjong"),
    "hundred": ("百张麻将", "百張麻將", "100-Tile Mahjong"),
    "yangzhou": ("扬州麻将", "揚州麻將", "Yangzhou Mahjong"),
    "fujian": ("福建百搭", "福建百搭", "Fujian Joker"),
    "philippine": ("菲律宾窗百搭", "菲律賓窗百搭", "Philippine Window Joker"),
    "nanjing": ("南京麻将", "南京麻將", "Nanjing Mahjong"),
    "jiangnan": ("江南心皇", "江南心皇", "Jiangnan Imagined Tile"),
}

# preset id: its region (zh-Hans, zh-Hant, en), which groups the presets in the command choice
# (``/mahjong new``'s autocomplete shows "广东 · 河源百搭·正百搭")
PRESET_REGIONS: Final[dict[str, tuple[str, str, str]]] = {
    "heyuan-zheng": ("广东", "廣東", "Guangdong"),
    "heyuan-jihu": ("广东", "廣東", "Guangdong"),
    "guangdong": ("广东", "廣東", "Guangdong"),
    "shanghai": ("上海", "上海", "Shanghai"),
    "beijing": ("北京", "北京", "Beijing"),
    "quzhou": ("浙江", "浙江", "Zhejiang"),
    "sichuan": ("四川", "四川", "Sichuan"),
    "changsha": ("湖南", "湖南", "Hunan"),
    "guobiao": ("全国", "全國", "National"),
    "baoding": ("河北", "河北", "Hebei"),
    "riichi": ("日本", "日本", "Japan"),
    "taiwan": ("台湾", "台灣", "Taiwan"),
    "hefei": ("安徽", "安徽", "Anhui"),
    "hundred": ("其他", "其他", "Other"),
    "yangzhou": ("江苏", "江蘇", "Jiangsu"),
    "fujian": ("福建", "福建", "Fujian"),
    "philippine": ("菲律宾", "菲律賓", "Philippines"),
    "nanjing": ("江苏", "江蘇", "Jiangsu"),
    "jiangnan": ("江南", "江南", "Jiangnan"),
}

register({f"preset.{pid}": {"zh-Hans": a, "zh-Hant": b, "en": c}
          for pid, (a, b, c) in PRESET_NAMES.items()})
register({f"region.{pid}": {"zh-Hans": a, "zh-Hant": b, "en": c}
          for pid, (a, b, c) in PRESET_REGIONS.items()})


def preset_name(preset_id: str, locale: object = "en") -> str:
    """A preset's name in ``locale``. An id no preset has any more (a table stored by an
    older version) is shown as it is: it is data, not a missing text."""
    key = f"preset.{preset_id}"
    return t(key, locale) if has(key) else preset_id


def preset_region(preset_id: str, locale: object = "en") -> str:
    """A preset's region in ``locale`` (empty for an id with none)."""
    key = f"region.{preset_id}"
    return t(key, locale) if has(key) else ""
