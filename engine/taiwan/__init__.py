"""Taiwan 台灣十六張: the 台 table (:mod:`engine.taiwan.tai`) and the ``evaluate`` reading of
its lines (:mod:`engine.taiwan.evaluate`); the family (engine/family/taiwan.py) plays them."""
